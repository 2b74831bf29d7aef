/**
 * The register of chargers: who may see and change a depot's chargers (its
 * haulier, and the consultancy's admins for every depot), registering one
 * with a password shown once, and removing one. Decision 031.
 */
import { depotWithinReach, requireDepot, type ReachableDepot } from "~/features/depots/index.server";
import { recordAudit, type Actor } from "~/lib/audit.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { Runtime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import { chargePointInputSchema } from "./charge-point-input";
import { generateChargePointPassword, hashChargePointPassword } from "./charge-point-password.server";

type Deps = Pick<Runtime, "database">;

/** Operations is the haulier's and the consultancy's: admins reach every depot's chargers (decision 031). */
export const OPERATIONS_REACH = { admins: true, message: "Depot not found" } as const;

const actorOf = (user: SessionUser): Actor => ({ id: user.id, email: user.email });

/** Registers a charger to a depot the user operates; answers its password, stored only as a hash and never shown again. */
export async function registerChargePoint(
  deps: Deps,
  user: SessionUser,
  depotId: number,
  input: Record<string, unknown>,
): Promise<{ id: number; identity: string; password: string }> {
  const depot = await requireDepot(deps.database.db, user, depotId, OPERATIONS_REACH);
  return registerChargePointAt(deps, actorOf(user), depot, input);
}

/** Registers a charger to a depot the caller has already checked (the command line's simulator). */
export async function registerChargePointAt(
  deps: Deps,
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
  return deps.database.db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom("charge_points").select("id").where("identity", "=", identity).executeTakeFirst();
    if (taken)
      throw new UserError("A charger with this identity is already registered", {
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
  });
}

/** The charger, if it is at a depot the user operates (else 404). */
export async function requireOperatedChargePoint(deps: Deps, user: SessionUser, chargePointId: number) {
  const query = deps.database.db
    .selectFrom("charge_points")
    .innerJoin("depots", "depots.id", "charge_points.depot_id")
    .select([
      "charge_points.id",
      "charge_points.identity",
      "charge_points.connectors",
      "charge_points.protocol",
      "depots.id as depotId",
      "depots.depot_name as depotName",
    ])
    .where("charge_points.id", "=", chargePointId)
    .where(depotWithinReach(user, OPERATIONS_REACH));
  const row = await query.executeTakeFirst();
  if (!row) throw new UserError("Charger not found", { status: 404 });
  return row;
}

/** A new password for a charger (the old one stops working at its next connection). */
export async function resetChargePointPassword(deps: Deps, user: SessionUser, chargePointId: number) {
  const point = await requireOperatedChargePoint(deps, user, chargePointId);
  return resetChargePointPasswordAt(deps, actorOf(user), point);
}

/** resetChargePointPassword for a charger the caller has already checked (the command line's simulator). */
export async function resetChargePointPasswordAt(deps: Deps, actor: Actor, point: { id: number; identity: string }) {
  const password = generateChargePointPassword();
  await deps.database.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("charge_points")
      .set({ password_hash: hashChargePointPassword(password) })
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
export async function removeChargePoint(deps: Deps, user: SessionUser, chargePointId: number) {
  const point = await requireOperatedChargePoint(deps, user, chargePointId);
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
export async function operationsOverview(deps: Deps, user: SessionUser): Promise<OverviewRow[]> {
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
  query = user.isAdmin
    ? query.having((eb) => eb.fn.count("charge_points.id"), ">", 0)
    : query.where(depotWithinReach(user));
  const rows = await query.limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.depot_name,
    chargers: Number(r.chargers),
    connected: Number(r.connected),
  }));
}
