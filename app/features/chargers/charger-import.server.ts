/**
 * Many chargers registered at once (issue 59, item 7): a CSV pasted on the depot's Operations page, one charger a
 * row under a header naming identity, name, connectors, max_kw and current (AC or DC), at most 500 rows. Every row is
 * checked first (the same rules as one charger, an identity used twice in the file, one already registered): any
 * problem and nothing is registered, the message naming the rows. Each charger's password is answered once. The fleet
 * API registers a list the same way.
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { parseCsvRows } from "~/lib/csv";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { chargePointInputSchema } from "./charge-point-input";
import { insertChargePoint } from "./charge-points.server";

type Deps = Pick<Runtime, "database">;
const MOST_ROWS = 500;
const COLUMNS = {
  identity: "identity",
  name: "name",
  connectors: "connectors",
  maxKw: "max_kw",
  currentType: "current",
};

export async function registerChargersFromCsv(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  text: unknown,
): Promise<{ id: number; identity: string; password: string }[]> {
  const depot = await requireDepot(deps.database.db, user, depotId, "chargers.register", {
    detail: "chargers registered from a CSV",
  });
  const [header, ...rows] = parseCsvRows(String(text ?? ""), { maxRows: MOST_ROWS + 1 });
  if (!header || rows.length === 0)
    throw new UserError("Paste a header row and at least one charger", { fieldErrors: { csv: "Nothing to register" } });
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const missing = Object.values(COLUMNS).filter((c) => !names.includes(c));
  if (missing.length)
    throw new UserError(`The header needs the columns ${missing.join(", ")}`, { fieldErrors: { csv: "Header" } });
  const cell = (row: string[], column: string) => row[names.indexOf(column)]?.trim() ?? "";
  const records = rows.map((row) =>
    Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [field, cell(row, column)])),
  );
  return registerAll(deps, user, depot, records, { place: (i) => `Row ${i + 2}`, field: "csv", status: 400 });
}

/**
 * Many chargers from the fleet API (`POST /api/v1/depots/:depotId/chargers`): the same checks and all-or-none as a
 * paste, each named by its place in the list.
 */
export async function registerChargersFromApi(deps: Deps, user: DepotViewer, depotId: number, body: unknown) {
  const depot = await requireDepot(deps.database.db, user, depotId, "chargers.register", {
    detail: "chargers registered through the fleet API",
  });
  const list = (body as { chargers?: unknown } | null)?.chargers;
  if (!Array.isArray(list) || list.length === 0 || list.length > MOST_ROWS)
    throw new UserError(`Send "chargers": a list of 1 to ${MOST_ROWS} chargers`, {
      status: 422,
      fieldErrors: { chargers: `1 to ${MOST_ROWS} chargers` },
    });
  // A field left out reads as an empty one, so its message is the form's ("Enter the charger's identity…").
  const records = list.map((item) => {
    const given = item && typeof item === "object" && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    return Object.fromEntries(Object.keys(COLUMNS).map((field) => [field, given[field] ?? ""]));
  });
  return registerAll(deps, user, depot, records, { place: (i) => `Charger ${i + 1}`, field: "chargers", status: 422 });
}

/** Every record checked first, then all registered in one transaction: any problem, or a failure midway, and none. */
async function registerAll(
  deps: Deps,
  user: DepotViewer,
  depot: { id: number; name: string },
  records: Record<string, unknown>[],
  { place, field, status }: { place: (index: number) => string; field: string; status: number },
) {
  const problems: string[] = [];
  const seen = new Set<string>();
  const inputs = records.map((record, i) => {
    const current = typeof record.currentType === "string" ? record.currentType.toUpperCase() : record.currentType;
    const parsed = chargePointInputSchema.safeParse({ ...record, currentType: current, role: undefined });
    if (!parsed.success) problems.push(`${place(i)}: ${parsed.error.issues[0]?.message}`);
    else if (seen.has(parsed.data.identity.toLowerCase())) problems.push(`${place(i)}: ${parsed.data.identity} twice`);
    else seen.add(parsed.data.identity.toLowerCase());
    return parsed.success ? parsed.data : null;
  });
  const identities = inputs.flatMap((p) => (p ? [p.identity] : []));
  const taken = identities.length
    ? await deps.database.db
        .selectFrom("charge_points")
        .select("identity")
        .where("identity", "in", identities)
        .execute()
    : [];
  for (const t of taken) problems.push(`${t.identity} is already registered`);
  if (problems.length)
    throw new UserError(
      `Nothing was registered: ${problems.slice(0, 5).join("; ")}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ""}`,
      { status, fieldErrors: { [field]: field === "csv" ? "Correct the rows named" : "Correct the chargers named" } },
    );
  const actor = { id: user.id, email: user.email ?? user.id };
  return deps.database.db.transaction().execute(async (tx) => {
    const made: { id: number; identity: string; password: string }[] = [];
    for (const input of inputs) made.push(await insertChargePoint(tx, actor, depot, input!));
    return made;
  });
}

/** A depot's chargers for the fleet API (the policy's operations.read): what each is and whether it is connected. */
export async function chargersForApi(deps: Deps, user: DepotViewer, depotId: number) {
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.read");
  const rows = await deps.database.db
    .selectFrom("charge_points")
    .select(["id", "identity", "name", "connectors", "max_kw", "current_type", "protocol", "firmware"])
    .select(["connected_at", "disconnected_at", "security_profile"])
    .where("depot_id", "=", depot.id)
    .where("role", "=", "charger")
    .orderBy("identity")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    identity: r.identity,
    name: r.name,
    connectors: r.connectors,
    maxKw: r.max_kw,
    current: r.current_type,
    protocol: r.protocol,
    firmware: r.firmware,
    securityProfile: r.security_profile,
    connected:
      r.connected_at !== null &&
      (r.disconnected_at === null || toIsoString(r.disconnected_at) < toIsoString(r.connected_at)),
  }));
}
