import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/survey";

export const meta: Route.MetaFunction = () => [{ title: "Depot Survey Form | Electrify" }];

export default function Page() {
  return <ComingSoon title="Depot Survey Form">The depot survey form is coming soon.</ComingSoon>;
}
