import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/depot-details";

export const meta: Route.MetaFunction = () => [{ title: "Depot Details | Electrify" }];

export default function Page() {
  return <ComingSoon title="Depot Details">The depot designer is coming soon.</ComingSoon>;
}
