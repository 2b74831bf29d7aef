import { answerFleetApi, methodNotAllowed } from "~/features/fleet-api/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/flexibility";

export const loader = () => methodNotAllowed("POST");
export const action = ({ request, params }: Route.ActionArgs) =>
  request.method === "POST" ? answerFleetApi(getRuntime(), request, "flexibility", params) : methodNotAllowed("POST");
