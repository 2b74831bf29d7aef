import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/network";

export const loader = () => methodNotAllowed("PUT");
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "PUT" ? answerFleetApi(getRuntime(), request, "network", params) : methodNotAllowed("PUT");
