import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Admin Dashboard | Electrify" }];

export default function Page() {
  return <ComingSoon title="Admin Dashboard">Depot submissions and user management are coming soon.</ComingSoon>;
}
