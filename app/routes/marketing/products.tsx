import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [
  { title: "Products | Electrify" },
  { name: "description", content: "Electrify plans depot electrification; Box Charge delivers low-cost smart charging for fleets." },
];

export default function Products() {
  return <ComingSoon title="Our Products">Electrify and Box Charge are described here soon.</ComingSoon>;
}
