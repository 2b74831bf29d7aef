import { redirect } from "react-router";

import type { Route } from "./+types/depot-survey";

/** The route table lists /depots/{id}/survey; a depot's survey is what its detail page shows. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/depots/${encodeURIComponent(params.id)}`);
}
