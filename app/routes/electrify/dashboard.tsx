import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Electrify Dashboard | Electrify" }];

export default function Page() {
  return <ComingSoon title="Electrify Dashboard">Your Electrify workspace is coming soon.</ComingSoon>;
}
