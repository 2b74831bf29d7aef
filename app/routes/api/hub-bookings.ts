import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/hub-bookings";

/** GET lists the company's bookings at the hub from today; POST books a visit within one of its contracts. */
export const loader = ({ request, params }: Route.LoaderArgs) =>
  answerFleetApi(getRuntime(), request, "hub-bookings", params);
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "POST" ? answerFleetApi(getRuntime(), request, "hub-book", params) : methodNotAllowed("GET, POST");
