import { redirect } from "react-router";

import { requireUser } from "~/lib/auth/guards.server";

import type { Route } from "./+types/index";

/** A depot's workspace opens on its layout. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  requireUser(context, request);
  return redirect(`/electrify/depots/${encodeURIComponent(params.id)}/layout`);
}
