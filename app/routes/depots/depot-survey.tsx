import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/depot-survey";

export const meta: Route.MetaFunction = () => [{ title: "Depot Survey | Electrify" }];

export default function Page() {
  return <ComingSoon title="Depot Survey">The survey of this depot will be shown here soon.</ComingSoon>;
}
