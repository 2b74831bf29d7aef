import { redirect } from "react-router";
import { ComingSoon } from "~/components/coming-soon";
import { getSessionUser } from "~/lib/auth/guards.server";
import type { Route } from "./+types/electrify";

export const meta: Route.MetaFunction = () => [
  { title: "Electrify | Depot electrification planning" },
  { name: "description", content: "Electrify helps hauliers make the commercial decisions behind an electric depot." },
];

/** Signed-in visitors go straight to their Electrify workspace. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    if (getSessionUser(context)) throw redirect("/electrify/dashboard");
  },
];

export default function ElectrifyLanding() {
  return <ComingSoon title="Electrify">Planning, depot analysis, energy management and infrastructure design, described here soon.</ComingSoon>;
}
