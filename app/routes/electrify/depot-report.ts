import { redirect } from "react-router";

import { requireUser } from "~/lib/auth/guards.server";

import type { Route } from "./+types/depot-report";

/** The report's address before depots had their own URLs (?id=): moved for good to /electrify/depots/:id/report. */
export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get("id");
  if (id) return redirect(`/electrify/depots/${encodeURIComponent(id)}/report`, 301);
  requireUser(context, request);
  throw new Response("No report: choose one of your depots and run its charging plan first.", { status: 404 });
}
