import { getRuntime } from "~/lib/runtime.server";
import type { Route } from "./+types/api-auth";

/** Better Auth's own HTTP API (session, password reset, two-factor…); it enforces its own rules and rate limits. */
export function loader({ request }: Route.LoaderArgs) {
  return getRuntime().auth.handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getRuntime().auth.handler(request);
}
