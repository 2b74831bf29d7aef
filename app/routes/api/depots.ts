import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/depots";

export const loader = ({ request }: Route.LoaderArgs) => answerFleetApi(getRuntime(), request, "depots", {});
export const action = () => methodNotAllowed("GET");
