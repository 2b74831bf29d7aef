import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/about-us";

export const meta: Route.MetaFunction = () => [
  { title: "About Us | Electrify" },
  { name: "description", content: "Founded in 2024 to make electric trucks affordable and accessible for every haulier." },
];

export default function AboutUs() {
  return <ComingSoon title="About Us">Our story, mission and values are published here soon.</ComingSoon>;
}
