import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/depots";

export const meta: Route.MetaFunction = () => [{ title: "Your Depots | Electrify" }];

export default function Page() {
  return <ComingSoon title="Your Depots">Your submitted depots will be listed here soon.</ComingSoon>;
}
