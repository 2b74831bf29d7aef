import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/box-charge";

export const meta: Route.MetaFunction = () => [
  { title: "Box Charge | Electrify" },
  { name: "description", content: "Box Charge: contracted low-cost charging for fleets, where and when it is needed." },
];

export default function BoxCharge() {
  return <ComingSoon title="Box Charge">Smart, low-cost charging for fleets is described here soon.</ComingSoon>;
}
