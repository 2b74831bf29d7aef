import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/hub-statement";

export const loader = ({ request, params }: Route.LoaderArgs) =>
  answerFleetApi(getRuntime(), request, "hub-statement", params);
export const action = () => methodNotAllowed("GET");
