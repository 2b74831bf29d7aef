import { setTimeout as sleep } from "node:timers/promises";
import { data } from "react-router";

import { INCORRECT_PASSWORD, type UnlockResult } from "~/features/investors";
import {
  investorPasswordMatches,
  issueInvestorGrant,
  listInvestorDocuments,
  UNLOCK_RATE_LIMIT,
  WRONG_PASSWORD_DELAY_MS,
} from "~/features/investors/index.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/unlock";

export function loader() {
  throw data("Use POST to unlock the investor files.", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const runtime = getRuntime();
  const password = runtime.env.INVESTOR_PASSWORD;
  if (!password) {
    return data<UnlockResult>({ ok: false, error: "Investor files are not available at the moment." }, { status: 404 });
  }
  const ip = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const limit = await consumeRateLimit(runtime.database.db, `investor-unlock|${ip}`, UNLOCK_RATE_LIMIT);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return data<UnlockResult>(
      { ok: false, error: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const form = await readForm(request);
  const candidate = form.get("password");
  if (typeof candidate !== "string" || candidate.length > 1024 || !investorPasswordMatches(password, candidate)) {
    await sleep(WRONG_PASSWORD_DELAY_MS);
    return data<UnlockResult>({ ok: false, error: INCORRECT_PASSWORD }, { status: 401 });
  }
  return data<UnlockResult>(
    { ok: true, documents: await listInvestorDocuments(runtime) },
    { headers: { "Set-Cookie": await issueInvestorGrant(), "Cache-Control": "no-store" } },
  );
}
