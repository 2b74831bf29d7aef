import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/hub-visits";

/** A single visit at the hub's list price, outside any contract. */
export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "POST" ? answerFleetApi(getRuntime(), request, "hub-visit", params) : methodNotAllowed("POST");
