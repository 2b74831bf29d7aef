import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Electrify" }];

export default function Page() {
  return <ComingSoon title="My Account">Profile and password settings are coming soon.</ComingSoon>;
}
