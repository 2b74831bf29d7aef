import { setTimeout as sleep } from "node:timers/promises";
import { data } from "react-router";

import { INCORRECT_PASSWORD, type InvestorDocumentListing } from "~/features/investors";
import {
  investorPasswordMatches,
  issueInvestorGrant,
  listInvestorDocuments,
  UNLOCK_RATE_LIMIT,
  WRONG_PASSWORD_DELAY_MS,
} from "~/features/investors/index.server";
import { failed, succeeded } from "~/lib/action-result.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/unlock";

export function loader() {
  throw data("Use POST to unlock the investor files.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const runtime = getRuntime();
  const password = runtime.env.INVESTOR_PASSWORD;
  if (!password) {
    return failed(new UserError("Investor files are not available at the moment.", { status: 404 }));
  }
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const limit = await consumeRateLimit(runtime.database.db, `investor-unlock|${ip}`, UNLOCK_RATE_LIMIT);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    const message = `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
    return failed(new UserError(message, { status: 429 }), {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const form = await readForm(request);
  const candidate = form.get("password");
  if (typeof candidate !== "string" || candidate.length > 1024 || !investorPasswordMatches(password, candidate)) {
    await sleep(WRONG_PASSWORD_DELAY_MS);
    return failed(new UserError(INCORRECT_PASSWORD, { status: 401 }));
  }
  const documents: InvestorDocumentListing[] = await listInvestorDocuments(runtime);
  return succeeded(null, { documents }, undefined, {
    "Set-Cookie": await issueInvestorGrant(),
    "Cache-Control": "no-store",
  });
}
