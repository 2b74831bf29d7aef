import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/hubs";

export const loader = ({ request, params }: Route.LoaderArgs) => answerFleetApi(getRuntime(), request, "hubs", params);
export const action = () => methodNotAllowed("GET");
