import { ComingSoon } from "~/components/coming-soon";
import type { Route } from "./+types/depot";

export const meta: Route.MetaFunction = () => [{ title: "Depot Details | Electrify" }];

export default function Page() {
  return <ComingSoon title="Depot Details">The details of this depot will be shown here soon.</ComingSoon>;
}
