import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/energy-map";

export const meta: Route.MetaFunction = () => [{ title: "Energy to Depot Map | Electrify" }];

export default function Page() {
  return <ComingSoon title="Energy to Depot Map">The energy capacity map is coming soon.</ComingSoon>;
}
