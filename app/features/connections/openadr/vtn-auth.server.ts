/**
 * How the VEN proves itself to a VTN (OpenADR 3.0.1's security schemes): the operator's bearer token as given, or
 * OAuth 2.0's client credentials, exchanged at the VTN's `/auth/token` for a token kept in this process until a
 * minute before it expires (or until the VTN refuses it: the next call asks for another).
 */
import createClient from "openapi-fetch";
import { z } from "zod";

import type { OpenAdrLinkTable } from "~/lib/db/schema-connections";

import type { paths } from "./openadr3";

const ANSWER_MS = 5_000;
/** A token the VTN gives without saying how long it lasts is asked for again after this. */
const UNSAID_EXPIRY_S = 300;
const tokenSchema = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i, "the token is not a bearer token"),
  expires_in: z.number().int().positive().optional(),
});
const tokens = new Map<string, { token: string; until: number }>();

type Link = Pick<OpenAdrLinkTable, "vtn_url" | "token" | "client_id" | "client_secret">;
const keyOf = (link: Link) => `${link.vtn_url}\n${link.client_id}\n${link.client_secret}`;

async function bearerOf(link: Link, now: number): Promise<string> {
  if (!link.client_id || !link.client_secret) return link.token;
  const kept = tokens.get(keyOf(link));
  if (kept && kept.until > now) return kept.token;
  const answer = await fetch(`${link.vtn_url}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      client_id: link.client_id,
      client_secret: link.client_secret,
    }),
    signal: AbortSignal.timeout(ANSWER_MS),
  });
  if (!answer.ok) throw new Error(`the VTN answered ${answer.status} for a token (check the client ID and secret)`);
  const parsed = tokenSchema.safeParse(await answer.json().catch(() => null));
  if (!parsed.success) throw new Error(`the VTN's token does not fit OAuth 2.0: ${parsed.error.issues[0]!.message}`);
  const seconds = parsed.data.expires_in ?? UNSAID_EXPIRY_S;
  tokens.set(keyOf(link), { token: parsed.data.access_token, until: now + Math.max(0, seconds - 60) * 1000 });
  return parsed.data.access_token;
}

/** A client for the link's VTN, with its bearer token (asked for first, for client credentials). */
export async function vtnClient(link: Link, now = Date.now()) {
  const token = await bearerOf(link, now);
  return createClient<paths>({
    baseUrl: link.vtn_url,
    headers: { Authorization: `Bearer ${token}` },
    fetch: async (request) => {
      const response = await fetch(request, { signal: AbortSignal.timeout(ANSWER_MS) });
      // A token the VTN no longer takes is forgotten, so the next call asks for another.
      if (response.status === 401 || response.status === 403) tokens.delete(keyOf(link));
      return response;
    },
  });
}
