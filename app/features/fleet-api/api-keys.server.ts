/**
 * A company's keys for the fleet API (issue 49): created and named by an owner on the team page with the scopes it
 * may use, shown once, kept only as their SHA-256, revoked there. A key acts for its company alone, within its scopes:
 * the policy decides (lib/access/policy.ts, a rule's `key`), and nothing of any other company's is reached.
 */
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

import { mayDo, requireRole, type DepotViewer } from "~/features/depots/index.server";
import { recordActivity } from "~/features/team/index.server";
import { KEY_SCOPES, type KeyScope, type Principal } from "~/lib/access/policy";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

type Deps = Pick<Runtime, "database">;

/** Every key starts so, so a leaked one is easy to recognise (and to search for in a repository). */
export const API_KEY_PREFIX = "elk_";
/** Enough for every system a haulier runs, few enough to review on one page. */
export const MAX_ACTIVE_KEYS = 20;

export const apiKeyNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the key after the system that will use it")
    .max(60, "A key's name has at most 60 characters"),
  // A form sends one value per ticked box (none ticked: nothing); a key with no scope could do nothing.
  scopes: z.preprocess(
    (value) => (value === undefined ? [...KEY_SCOPES] : Array.isArray(value) ? value : [value]),
    z
      .array(z.enum(KEY_SCOPES, { message: "Choose what the key may do" }))
      .min(1, "Choose at least one thing the key may do")
      .transform((scopes) => KEY_SCOPES.filter((s) => scopes.includes(s))),
  ),
});

const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

export type ApiKeyView = {
  id: number;
  name: string;
  scopes: KeyScope[];
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** Creates a key for the owner's current company; the key is answered once and never again. */
export async function createApiKey(deps: Deps, viewer: DepotViewer, input: Record<string, unknown>) {
  const company = requireRole(viewer, "team.keys");
  const parsed = apiKeyNameSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  const db = deps.database.db;
  return db.transaction().execute(async (tx) => {
    const active = await tx
      .selectFrom("api_keys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("company_id", "=", company.id)
      .where("revoked_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_KEYS)
      throw new UserError(`A company has at most ${MAX_ACTIVE_KEYS} keys: revoke one you no longer use first.`, {
        status: 409,
      });
    const { id } = await tx
      .insertInto("api_keys")
      .values({
        company_id: company.id,
        name: parsed.data.name,
        key_hash: hashOf(key),
        key_start: key.slice(0, API_KEY_PREFIX.length + 6),
        created_by: viewer.id,
        scopes: parsed.data.scopes.join(","),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordActivity(tx, {
      companyId: company.id,
      actor: { id: viewer.id, email: viewer.email ?? "" },
      action: `Created the fleet API key "${parsed.data.name}"`,
    });
    return { id, name: parsed.data.name, key, scopes: parsed.data.scopes };
  });
}

/** The company's keys, for an owner (null for anyone else: the team page shows them no keys). */
export async function listApiKeys(deps: Deps, viewer: DepotViewer): Promise<ApiKeyView[] | null> {
  if (!mayDo(viewer, "team.keys")) return null;
  const company = requireRole(viewer, "team.keys");
  const rows = await deps.database.db
    .selectFrom("api_keys")
    .select(["id", "name", "key_start", "created_at", "last_used_at", "revoked_at", "scopes"])
    .where("company_id", "=", company.id)
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    start: r.key_start,
    scopes: scopesOf(r.scopes),
    createdAt: toIsoString(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : toIsoString(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : toIsoString(r.revoked_at),
  }));
}

/** Revokes one of the owner's company's keys: every call with it is refused from now on. */
export async function revokeApiKey(deps: Deps, viewer: DepotViewer, keyId: number) {
  const company = requireRole(viewer, "team.keys");
  const db = deps.database.db;
  return db.transaction().execute(async (tx) => {
    const key = await tx
      .selectFrom("api_keys")
      .select(["id", "name", "revoked_at"])
      .where("id", "=", keyId)
      .where("company_id", "=", company.id)
      .executeTakeFirst();
    if (!key) throw new UserError("That key no longer exists.", { status: 404 });
    if (key.revoked_at === null) {
      await tx.updateTable("api_keys").set({ revoked_at: new Date().toISOString() }).where("id", "=", key.id).execute();
      await recordActivity(tx, {
        companyId: company.id,
        actor: { id: viewer.id, email: viewer.email ?? "" },
        action: `Revoked the fleet API key "${key.name}"`,
      });
    }
    return { name: key.name };
  });
}

const scopesOf = (text: string): KeyScope[] => KEY_SCOPES.filter((s) => text.split(",").includes(s));

/**
 * The principal a presented key is (its company, within its scopes), or null for a key that was never issued or is
 * revoked. Read at each call: a revoked key is refused from the next call on.
 */
export async function principalOfKey(deps: Deps, presented: string): Promise<Principal | null> {
  if (!presented.startsWith(API_KEY_PREFIX) || presented.length > 100) return null;
  const row = await deps.database.db
    .selectFrom("api_keys")
    .innerJoin("companies", "companies.id", "api_keys.company_id")
    .select([
      "api_keys.id as keyId",
      "api_keys.scopes",
      "companies.id as companyId",
      "companies.company_name as company",
    ])
    .where("api_keys.key_hash", "=", hashOf(presented))
    .where("api_keys.revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: `api-key:${row.keyId}`,
    email: `API key ${row.keyId}`,
    // The key acts for its company as a whole: its role only names it in refusals; its scopes decide (policy.ts).
    company: { id: row.companyId, name: row.company, role: "fleet_manager", memberId: 0 },
    apiKey: { id: row.keyId, scopes: scopesOf(row.scopes) },
  };
}
