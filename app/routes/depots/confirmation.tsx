import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = () => [{ title: "Depot Submitted Successfully! | Electrify" }];

export default function Page() {
  return <ComingSoon title="Depot Submitted Successfully!">Survey confirmations will be shown here soon.</ComingSoon>;
}
