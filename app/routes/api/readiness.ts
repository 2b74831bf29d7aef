import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/readiness";

export const loader = ({ request, params }: Route.LoaderArgs) =>
  answerFleetApi(getRuntime(), request, "readiness", params);
export const action = () => methodNotAllowed("GET");
