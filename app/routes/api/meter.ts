import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/meter";

export const loader = () => methodNotAllowed("PUT");
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "PUT" ? answerFleetApi(getRuntime(), request, "meter", params) : methodNotAllowed("PUT");
