/**
 * Chargers nobody registered (issue 59, item 7). An identity that knocks at the endpoint is still refused (401), but
 * kept: when it first and last tried, how often, the OCPP versions it offered, and the hash of the password it gave
 * when that is one a charger may keep (16 to 40 characters). The consultancy's admins see the list on Operations and
 * accept one into a depot (it then connects with the password it already has; one without a usable password is given
 * a new one to configure) or block it (refused as before, and no longer listed). Who may hijack a knocking charger
 * into their own depot is the point: listing and accepting are the admins' alone (the policy's admin.console), and a
 * knock is written at most once a minute per identity, at most 500 identities, so knocking floods nothing.
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { authorize } from "~/lib/access/access.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { chargePointInputSchema } from "./charge-point-input";
import { hashChargePointPassword } from "./charge-point-password.server";
import { registerChargePointAt } from "./charge-points.server";

type Deps = Pick<Runtime, "database">;
const MOST_KNOCKS = 500;
const WRITE_EVERY_MS = 60_000;
const written = new Map<string, number>();

/** Keeps an unknown identity's knock (never throws: the refusal stands whatever happens here). */
export async function recordKnock(deps: Deps, identity: string, password: Buffer | undefined, protocols: string[]) {
  if (!chargePointInputSchema.shape.identity.safeParse(identity).success) return;
  const now = Date.now();
  if ((written.get(identity) ?? -Infinity) > now - WRITE_EVERY_MS) return;
  if (written.size >= 10_000) written.clear();
  written.set(identity, now);
  const db = deps.database.db;
  const at = new Date(now).toISOString();
  const keepable = password && password.length >= 16 && password.length <= 40;
  const hash = keepable ? hashChargePointPassword(password) : null;
  const known = await db
    .selectFrom("charger_knocks")
    .select("attempts")
    .where("identity", "=", identity)
    .executeTakeFirst();
  if (known) {
    await db
      .updateTable("charger_knocks")
      .set({ attempts: known.attempts + 1, last_at: at, password_hash: hash, protocols: protocols.join(", ") })
      .where("identity", "=", identity)
      .execute();
    return;
  }
  const count = await db
    .selectFrom("charger_knocks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MOST_KNOCKS) return;
  await db
    .insertInto("charger_knocks")
    .values({
      identity,
      password_hash: hash,
      protocols: protocols.join(", "),
      attempts: 1,
      first_at: at,
      last_at: at,
      blocked: false,
    })
    .onConflict((oc) => oc.column("identity").doNothing())
    .execute();
}

export type Knock = {
  identity: string;
  protocols: string;
  attempts: number;
  firstAt: string;
  lastAt: string;
  keepsPassword: boolean;
};

/**
 * The identities knocking (not blocked, not registered since), newest first, and every depot one may be accepted
 * into: the admins' alone.
 */
export async function listKnocks(deps: Deps, viewer: DepotViewer) {
  authorize(viewer, "admin.console", { kind: "consultancy" }, "Not found");
  const rows = await deps.database.db
    .selectFrom("charger_knocks")
    .leftJoin("charge_points", "charge_points.identity", "charger_knocks.identity")
    .selectAll("charger_knocks")
    .where("charge_points.id", "is", null)
    .where("charger_knocks.blocked", "=", false)
    .orderBy("charger_knocks.last_at", "desc")
    .limit(100)
    .execute();
  const depots = await deps.database.db
    .selectFrom("depots")
    .select(["id", "depot_name as name"])
    .orderBy("depot_name")
    .limit(1_000)
    .execute();
  const knocks: Knock[] = rows.map((r) => ({
    identity: r.identity,
    protocols: r.protocols,
    attempts: r.attempts,
    firstAt: toIsoString(r.first_at),
    lastAt: toIsoString(r.last_at),
    keepsPassword: r.password_hash !== null,
  }));
  return { knocks, depots };
}

/** Registers a knocking charger to a depot; answers its password when it was given a new one to configure. */
export async function acceptKnock(deps: Deps, viewer: DepotViewer, input: Record<string, unknown>) {
  authorize(viewer, "admin.console", { kind: "consultancy" }, "Not found");
  const identity = String(input.identity ?? "");
  if (!identity) throw new UserError("Choose a charger to accept", { fieldErrors: { identity: "Choose a charger" } });
  const knock = await deps.database.db
    .selectFrom("charger_knocks")
    .selectAll()
    .where("identity", "=", identity)
    .where("blocked", "=", false)
    .executeTakeFirst();
  if (!knock) throw new UserError("No charger is asking to connect with that identity", { status: 404 });
  const depotId = Number(input.depotId);
  const depot = await requireDepot(
    deps.database.db,
    viewer,
    Number.isSafeInteger(depotId) ? depotId : -1,
    "operations.change",
    {
      detail: `charger ${identity} accepted`,
    },
  );
  const actor = { id: viewer.id, email: viewer.email ?? viewer.id };
  const made = await registerChargePointAt(deps, actor, depot, { ...input, identity, name: input.name || identity });
  await deps.database.db.transaction().execute(async (tx) => {
    if (knock.password_hash)
      await tx
        .updateTable("charge_points")
        .set({ password_hash: knock.password_hash })
        .where("id", "=", made.id)
        .execute();
    await tx.deleteFrom("charger_knocks").where("identity", "=", identity).execute();
  });
  return { identity, depot: depot.name, password: knock.password_hash ? null : made.password };
}

/** Blocks a knocking identity: still refused, and no longer listed. */
export async function blockKnock(deps: Deps, viewer: DepotViewer, identity: string) {
  authorize(viewer, "admin.console", { kind: "consultancy" }, "Not found");
  const done = await deps.database.db
    .updateTable("charger_knocks")
    .set({ blocked: true })
    .where("identity", "=", identity)
    .executeTakeFirst();
  if (!Number(done.numUpdatedRows))
    throw new UserError("No charger is asking to connect with that identity", { status: 404 });
}
