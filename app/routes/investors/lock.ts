import { data } from "react-router";

import { revokeInvestorGrant } from "~/features/investors/index.server";
import { succeeded } from "~/lib/action-result.server";

import type { Route } from "./+types/lock";

export function loader() {
  throw data("Use POST to lock the investor files.", { status: 405, headers: { Allow: "POST" } });
}

/** Closing the investor dialog drops the download grant. */
export async function action({ request }: Route.ActionArgs) {
  return succeeded(null, {}, undefined, { "Set-Cookie": await revokeInvestorGrant(request) });
}
