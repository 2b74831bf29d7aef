import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/company-setup";

export const meta: Route.MetaFunction = () => [{ title: "Company Setup | Electrify" }];

export default function Page() {
  return <ComingSoon title="Company Setup">Company and depot setup is coming soon.</ComingSoon>;
}
