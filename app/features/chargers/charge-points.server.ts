/**
 * The register of chargers: registering one with a password shown once, a new password, removing one. Who may is the
 * policy's ("operations.change": the depot's company who may change it, and the consultancy's admins); a charger is
 * always reached through the depot it is at, so a form naming another depot's charger answers 404. Decision 031.
 */
import type { Transaction } from "kysely";

import {
  depotResource,
  depotWithinReach,
  mayDo,
  requireDepot,
  type DepotViewer,
  type ReachableDepot,
} from "~/features/depots/index.server";
import { authorize } from "~/lib/access/access.server";
import type { Action } from "~/lib/access/policy";
import { recordAudit, type Actor } from "~/lib/audit.server";
import type { Database } from "~/lib/db/schema";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import { chargePointInputSchema } from "./charge-point-input";
import { generateChargePointPassword, hashChargePointPassword } from "./charge-point-password.server";

type Deps = Pick<Runtime, "database">;

export const actorOf = (user: DepotViewer): Actor => ({ id: user.id, email: user.email ?? user.id });

/** Registers a charger to a depot the user operates; answers its password, stored only as a hash and never shown again. */
export async function registerChargePoint(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  input: Record<string, unknown>,
): Promise<{ id: number; identity: string; password: string }> {
  const identity = String(input.identity ?? "").slice(0, 40);
  const depot = await requireDepot(deps.database.db, user, depotId, "chargers.register", {
    detail: `charger ${identity} registered`,
  });
  return registerChargePointAt(deps, actorOf(user), depot, input);
}

/** Registers a charger to a depot the caller has already checked (the command line's simulator). */
export async function registerChargePointAt(
  deps: Deps,
  actor: Actor,
  depot: Pick<ReachableDepot, "id" | "name">,
  input: Record<string, unknown>,
): Promise<{ id: number; identity: string; password: string }> {
  return deps.database.db.transaction().execute((tx) => insertChargePoint(tx, actor, depot, input));
}

/**
 * One charger inserted within the caller's transaction (several registered at once share one: all or none). The
 * identity is checked again inside it, so two registrations racing for one identity cannot both land.
 */
export async function insertChargePoint(
  tx: Transaction<Database>,
  actor: Actor,
  depot: Pick<ReachableDepot, "id" | "name">,
  input: Record<string, unknown>,
): Promise<{ id: number; identity: string; password: string }> {
  // A site meter has no connectors or power of its own to give: those fields are not asked of it.
  const meter = input.role === "site-meter";
  const parsed = chargePointInputSchema.safeParse(
    meter ? { ...input, connectors: 1, maxKw: 1, currentType: "AC" } : input,
  );
  if (!parsed.success) throw invalidInput(parsed.error);
  const { identity, name, connectors, maxKw, currentType, role } = parsed.data;
  const password = generateChargePointPassword();
  const taken = await tx.selectFrom("charge_points").select("id").where("identity", "=", identity).executeTakeFirst();
  if (taken)
    throw new UserError(`A charger with the identity ${identity} is already registered`, {
      status: 409,
      fieldErrors: { identity: "A charger with this identity is already registered" },
    });
  const { id } = await tx
    .insertInto("charge_points")
    .values({
      depot_id: depot.id,
      identity,
      name,
      password_hash: hashChargePointPassword(password),
      connectors,
      max_kw: maxKw,
      current_type: currentType,
      role,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(tx, {
    actor,
    action: "charger.registered",
    target: { type: "charger", id, label: identity },
    details: { depot: depot.name, connectors, maxKw, currentType, role },
  });
  return { id, identity, password };
}

export const CHARGER_GONE = "Charger not found";

/**
 * The charger at this depot, when the user may do `action` there: a charger at another depot (or none) answers 404
 * as one that does not exist, whatever the user may do elsewhere. `detail` names the change in the activity log.
 */
export async function requireOperatedChargePoint(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  action: Action,
  detail?: (identity: string) => string,
) {
  const row =
    Number.isSafeInteger(chargePointId) && chargePointId > 0
      ? await deps.database.db
          .selectFrom("charge_points")
          .innerJoin("depots", "depots.id", "charge_points.depot_id")
          .select([
            "charge_points.id",
            "charge_points.identity",
            "charge_points.connectors",
            "charge_points.protocol",
            "depots.id as depotId",
            "depots.depot_name as depotName",
            "depots.company_id as companyId",
          ])
          .where("charge_points.id", "=", chargePointId)
          .where("charge_points.depot_id", "=", depotId)
          .executeTakeFirst()
      : undefined;
  if (!row || row.companyId === null) throw new UserError(CHARGER_GONE, { status: 404 });
  authorize(
    user,
    action,
    depotResource({ id: row.depotId, companyId: row.companyId }),
    CHARGER_GONE,
    detail?.(row.identity),
  );
  return { ...row, companyId: row.companyId };
}

/** resetChargePointPassword for a charger the caller has already checked (the command line's simulator). */
export async function resetChargePointPasswordAt(
  deps: Deps,
  actor: Actor,
  point: { id: number; identity: string },
  options: { password?: string; graceHours?: number } = {},
) {
  const password = options.password ?? generateChargePointPassword();
  const graceHours = options.graceHours ?? 0;
  await deps.database.db.transaction().execute(async (tx) => {
    const before = await tx
      .selectFrom("charge_points")
      .select("password_hash")
      .where("id", "=", point.id)
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("charge_points")
      .set({
        password_hash: hashChargePointPassword(password),
        previous_password_hash: graceHours > 0 ? before.password_hash : null,
        previous_password_until: graceHours > 0 ? new Date(Date.now() + graceHours * 3_600_000).toISOString() : null,
      })
      .where("id", "=", point.id)
      .execute();
    await recordAudit(tx, {
      actor,
      action: "charger.password_reset",
      target: { type: "charger", id: point.id, label: point.identity },
    });
  });
  return { identity: point.identity, password };
}

/** Removes a charger with its sessions and readings. */
export async function removeChargePoint(deps: Deps, user: DepotViewer, depotId: number, chargePointId: number) {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `charger ${identity} removed`,
  );
  await deps.database.db.transaction().execute(async (tx) => {
    await tx.deleteFrom("charge_points").where("id", "=", point.id).execute();
    await recordAudit(tx, {
      actor: actorOf(user),
      action: "charger.removed",
      target: { type: "charger", id: point.id, label: point.identity },
      details: { depot: point.depotName },
    });
  });
  return point;
}

export type OverviewRow = { id: number; name: string; chargers: number; connected: number };

/**
 * The depots on the operations page: a haulier's every depot; for an admin,
 * every depot with chargers (the others are reached from the admin console).
 */
export async function operationsOverview(deps: Deps, user: DepotViewer): Promise<OverviewRow[]> {
  let query = deps.database.db
    .selectFrom("depots")
    // Chargers only: a site meter charges nothing.
    .leftJoin("charge_points", (join) =>
      join.onRef("charge_points.depot_id", "=", "depots.id").on("charge_points.role", "=", "charger"),
    )
    .select((eb) => [
      "depots.id",
      "depots.depot_name",
      eb.fn.count<number | string>("charge_points.id").as("chargers"),
      eb.fn
        .count<number | string>("charge_points.id")
        .filterWhere((w) =>
          w.and([
            w("charge_points.connected_at", "is not", null),
            w.or([
              w("charge_points.disconnected_at", "is", null),
              w("charge_points.disconnected_at", "<", w.ref("charge_points.connected_at")),
            ]),
          ]),
        )
        .as("connected"),
    ])
    .groupBy(["depots.id", "depots.depot_name"])
    .orderBy("depots.depot_name")
    .orderBy("depots.id");
  // The consultancy's admins reach every depot: they see those with chargers (the others from the admin console).
  query = mayDo(user, "admin.console")
    ? query.having((eb) => eb.fn.count("charge_points.id"), ">", 0)
    : query.where(depotWithinReach(user, "operations.read"));
  const rows = await query.limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.depot_name,
    chargers: Number(r.chargers),
    connected: Number(r.connected),
  }));
}
