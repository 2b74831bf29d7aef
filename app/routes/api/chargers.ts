import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/chargers";

/** A depot's chargers: listed (GET), or many registered at once (POST, all or none; issue 59, item 7). */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  answerFleetApi(getRuntime(), request, "chargers", params);
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "POST"
    ? answerFleetApi(getRuntime(), request, "register-chargers", params)
    : methodNotAllowed("GET, POST");
