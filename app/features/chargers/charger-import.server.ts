/**
 * Many chargers registered at once (issue 59, item 7): a CSV pasted on the depot's Operations page, one charger a
 * row under a header naming identity, name, connectors, max_kw and current (AC or DC), at most 500 rows. Every row is
 * checked first (the same rules as one charger, an identity used twice in the file, one already registered): any
 * problem and nothing is registered, the message naming the rows. Each charger's password is answered once.
 */
import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { parseCsvRows } from "~/lib/csv";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { chargePointInputSchema } from "./charge-point-input";
import { registerChargePointAt } from "./charge-points.server";

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
): Promise<{ identity: string; password: string }[]> {
  const depot = await requireDepot(deps.database.db, user, depotId, "operations.change", {
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
  const problems: string[] = [];
  const seen = new Set<string>();
  const inputs = rows.map((row, i) => {
    const input = Object.fromEntries(Object.entries(COLUMNS).map(([field, column]) => [field, cell(row, column)]));
    const parsed = chargePointInputSchema.safeParse({ ...input, currentType: input.currentType?.toUpperCase() });
    if (!parsed.success) problems.push(`Row ${i + 2}: ${parsed.error.issues[0]?.message}`);
    else if (seen.has(parsed.data.identity.toLowerCase())) problems.push(`Row ${i + 2}: ${parsed.data.identity} twice`);
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
      { fieldErrors: { csv: "Correct the rows named" } },
    );
  const actor = { id: user.id, email: user.email ?? user.id };
  const made: { identity: string; password: string }[] = [];
  for (const input of inputs) {
    const { identity, password } = await registerChargePointAt(deps, actor, depot, input!);
    made.push({ identity, password });
  }
  return made;
}
