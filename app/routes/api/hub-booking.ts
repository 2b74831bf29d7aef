import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/hub-booking";

export const loader = () => methodNotAllowed("DELETE");
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "DELETE"
    ? answerFleetApi(getRuntime(), request, "hub-cancel", params)
    : methodNotAllowed("DELETE");
