import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/admin-depot";

export const meta: Route.MetaFunction = () => [{ title: "Depot Submission | Electrify" }];

export default function Page() {
  return <ComingSoon title="Depot Submission">Submission review is coming soon.</ComingSoon>;
}
