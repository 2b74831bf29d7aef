import { data } from "react-router";

import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/api-auth";

/**
 * Better Auth's HTTP API is not open to browsers: every sign-in, password and
 * two-factor step goes through the product's own actions, which check their
 * input by the product's rules and then call Better Auth in-process
 * (auth-handler.server.ts). Left open, its endpoints would let a user skip
 * those rules (e.g. a 10 MB name through /update-user) and hand session
 * tokens to scripts (/list-sessions). Only its liveness check answers.
 */
const NOT_FOUND = { message: "Not found" };

export function loader({ request }: Route.LoaderArgs) {
  if (new URL(request.url).pathname === "/api/auth/ok") return getRuntime().auth.handler(request);
  return data(NOT_FOUND, { status: 404 });
}

export function action() {
  return data(NOT_FOUND, { status: 404 });
}
