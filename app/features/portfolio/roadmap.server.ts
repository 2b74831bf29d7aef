/**
 * The company's roadmap on the server: its settings, its depots with their
 * latest plans, and the depot-years planned once and kept by a hash of what
 * they depend on (roadmap_results), so any process, after any restart, plans
 * only the fleets it has not seen. Missing depot-years are planned off the
 * main thread a few at a time (roadmap-tasks.server.ts), one roadmap per
 * company at a time.
 */
import { createHash } from "node:crypto";
import { sql, type Expression, type SqlBool } from "kysely";

import { readOffers } from "~/features/connections/index.server";
import { depotWithinReach, type DepotViewer } from "~/features/depots/index.server";
import { capacityFor, loadSubstationIndex, type DepotCapacity } from "~/features/grid/index.server";
import type { PlanRequest } from "~/features/planning";
import { readDepotPlans, type SavedPlan } from "~/features/planning/index.server";
import { companyOf } from "~/lib/access/access.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { readApplications } from "./applications.server";
import { neededDepotYears, type RoadmapDepot } from "./build-roadmap";
import { companyRoadmap, type CompanyRoadmap } from "./company-roadmap";
import { depotYearSchema, type DepotYear, type DepotYearRequest } from "./depot-year";
import { keepDepotYears, queueDepotYears, roadmapQueue } from "./roadmap-queue.server";
import { roadmapSettingsSchema, type RoadmapSettings } from "./roadmap-settings";
import { planDepotYearsInBackground } from "./roadmap-tasks.server";

type Deps = Pick<Runtime, "database">;

/** Bump when what a depot-year means changes (the engine, the sizing, the figures kept): old entries are then never read. */
const DEPOT_YEAR_VERSION = "1";
/** Depot-years sent to the background process at once. */
const BATCH = 8;
/** SQLite's bound parameters are limited: keys are looked up this many at a time. */
const LOOKUP_CHUNK = 400;

/**
 * Whose portfolio: a company's, as one member sees it (a depot manager sees only their depots), or the whole
 * company's for the background's reminders and the admins' list (no viewer).
 */
/**
 * Whose portfolio: a company, and the condition keeping its depots to those the reader may see (none: all of them,
 * for the background's own reads); `reader` tells two readers' turns apart.
 */
export type Whose = { companyId: number; depots?: Expression<SqlBool>; reader?: string };

/** The viewer's current company as they see it (one in no company, an admin, sees an empty portfolio). */
export const portfolioOf = (viewer: DepotViewer): Whose => {
  const company = companyOf(viewer);
  return {
    companyId: company?.id ?? 0,
    depots: depotWithinReach(viewer, "depot.read"),
    reader: String(company?.memberId ?? "none"),
  };
};

export async function readRoadmapSettings(deps: Deps, companyId: number): Promise<RoadmapSettings> {
  const row = await deps.database.db
    .selectFrom("roadmaps")
    .select("settings")
    .where("company_id", "=", companyId)
    .executeTakeFirst();
  const parsed = row ? roadmapSettingsSchema.safeParse(JSON.parse(row.settings)) : null;
  return parsed?.success ? parsed.data : roadmapSettingsSchema.parse({});
}

/**
 * Changes the company's settings in one transaction (the row locked on
 * PostgreSQL; SQLite writes one at a time), so two tabs moving two groups at
 * once both land. `change` returns the new settings, checked by the schema.
 */
export async function changeRoadmapSettings(
  deps: Deps,
  companyId: number,
  change: (settings: RoadmapSettings) => RoadmapSettings,
): Promise<RoadmapSettings> {
  return deps.database.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    await trx
      .insertInto("roadmaps")
      .values({ company_id: companyId, settings: JSON.stringify(roadmapSettingsSchema.parse({})), updated_at: now })
      .onConflict((oc) => oc.column("company_id").doNothing())
      .execute();
    let query = trx.selectFrom("roadmaps").select("settings").where("company_id", "=", companyId);
    if (deps.database.engine === "postgres") query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    const parsed = roadmapSettingsSchema.safeParse(JSON.parse(row.settings));
    const next = roadmapSettingsSchema.parse(change(parsed.success ? parsed.data : roadmapSettingsSchema.parse({})));
    await trx
      .updateTable("roadmaps")
      .set({ settings: JSON.stringify(next), updated_at: now })
      .where("company_id", "=", companyId)
      .execute();
    return next;
  });
}

export type PortfolioDepot = RoadmapDepot & {
  address: string;
  latitude: number | null;
  longitude: number | null;
  capacity: DepotCapacity;
  plan: SavedPlan | null;
};

/** The company's depots (those the viewer reaches) with what the portfolio and the roadmap read: the latest plan, the nearest substation, the application. */
export async function portfolioDepots(deps: Deps, whose: Whose): Promise<PortfolioDepot[]> {
  let query = deps.database.db
    .selectFrom("depots")
    .select(["id", "depot_name", "depot_address", "location_latitude", "location_longitude"])
    .where("company_id", "=", whose.companyId);
  if (whose.depots) query = query.where(whose.depots);
  const [rows, index, applications] = await Promise.all([
    query.orderBy("created_at").orderBy("id").execute(),
    loadSubstationIndex(deps),
    readApplications(deps, whose),
  ]);
  // One query for every depot's plan, not one a depot.
  const ids = rows.map((row) => row.id);
  const [plans, offers] = await Promise.all([readDepotPlans(deps, ids), readOffers(deps, ids)]);
  return rows.map((row) => {
    const plan = plans.get(row.id) ?? null;
    const capacity = capacityFor(index, { latitude: row.location_latitude, longitude: row.location_longitude });
    const application = applications.get(row.id) ?? null;
    return {
      id: row.id,
      name: row.depot_name,
      address: row.depot_address,
      latitude: row.location_latitude,
      longitude: row.location_longitude,
      capacity,
      plan,
      inputs: plan?.inputs ?? null,
      baseKey: plan?.inputs ? baseKeyOf(plan.inputs) : "",
      operator: capacity.status === "ok" || capacity.status === "no-figures" ? capacity.substation.operator : null,
      application: application && {
        stage: application.stage,
        energisationOn: application.energisationOn,
        quoteKva: application.quoteKva,
        quotePounds: application.quotePounds,
      },
      offers: (offers.get(row.id) ?? []).map((offer) => ({
        id: offer.id,
        name: offer.name,
        operator: offer.operator,
        costPounds: offer.costPounds,
        energiseOn: offer.energiseOn,
        chosen: offer.chosen,
        shape: offer.shape,
        outlook: offer.outlook?.status === "done" ? offer.outlook.result : null,
      })),
    };
  });
}

const baseKeyOf = (inputs: PlanRequest) =>
  createHash("sha256").update(DEPOT_YEAR_VERSION).update(JSON.stringify(inputs)).digest("base64url");

const running = new Map<string, Promise<unknown>>();

/**
 * The company's roadmap: its depot-years from the cache, those missing
 * planned and kept. Calls for the same company wait their turn, so two tabs
 * never plan the same depot-years twice at once.
 */
export async function roadmapFor(
  deps: Deps,
  whose: Whose,
  today: string,
  known?: { depots: PortfolioDepot[]; settings: RoadmapSettings },
): Promise<{ roadmap: CompanyRoadmap; planned: number; depots: PortfolioDepot[]; settings: RoadmapSettings }> {
  const turnKey = `${whose.companyId}:${whose.reader ?? "all"}`;
  const previous = running.get(turnKey) ?? Promise.resolve();
  const turn = previous
    .catch(() => undefined)
    .then(async () => {
      const depots = known?.depots ?? (await portfolioDepots(deps, whose));
      const settings = known?.settings ?? (await readRoadmapSettings(deps, whose.companyId));
      const needed = neededDepotYears(depots, settings, Number(today.slice(0, 4)));
      const { results, planned } = await depotYears(deps, needed);
      const roadmap = companyRoadmap(depots, settings, today, (key) => results.get(key)!);
      return { roadmap, planned, depots, settings };
    });
  running.set(turnKey, turn);
  try {
    return await turn;
  } finally {
    if (running.get(turnKey) === turn) running.delete(turnKey);
  }
}

/** Each needed depot-year, from the cache or planned now (and kept). */
export async function depotYears(deps: Deps, needed: Map<string, DepotYearRequest>) {
  const db = deps.database.db;
  const results = new Map<string, DepotYear>();
  const keys = [...needed.keys()];
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom("roadmap_results")
      .select(["key", "result"])
      .where("key", "in", keys.slice(i, i + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) {
      const parsed = depotYearSchema.safeParse(JSON.parse(row.result));
      if (parsed.success) results.set(row.key, parsed.data);
    }
  }
  const missing = keys.filter((key) => !results.has(key));
  const queue = roadmapQueue();
  if (queue) await planOnQueue(deps, queue, missing, needed, results);
  else
    for (let i = 0; i < missing.length; i += BATCH) {
      const batch = missing.slice(i, i + BATCH);
      const planned = await planDepotYearsInBackground(batch.map((key) => needed.get(key)!));
      await keepDepotYears(
        deps,
        batch.map((key, n) => [key, planned[n]!] as const),
      );
      batch.forEach((key, n) => results.set(key, planned[n]!));
    }
  const fresh = new Set(missing);
  if (keys.length > missing.length)
    await touch(
      deps,
      keys.filter((key) => !fresh.has(key)),
    );
  return { results, planned: missing.length };
}

/** How long a roadmap waits for the queue's workers before it says so. */
const QUEUE_WAIT_MS = 120_000;

/**
 * Queues the missing depot-years and waits for them to appear in the table,
 * from whichever instance's worker planned them (a retried job included).
 */
async function planOnQueue(
  deps: Deps,
  queue: NonNullable<ReturnType<typeof roadmapQueue>>,
  missing: string[],
  needed: Map<string, DepotYearRequest>,
  results: Map<string, DepotYear>,
) {
  await queueDepotYears(
    queue,
    missing.map((key) => ({ key, inputs: needed.get(key)! })),
  );
  const waiting = new Set(missing);
  const until = Date.now() + QUEUE_WAIT_MS;
  while (waiting.size) {
    const keys = [...waiting];
    for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
      const rows = await deps.database.db
        .selectFrom("roadmap_results")
        .select(["key", "result"])
        .where("key", "in", keys.slice(i, i + LOOKUP_CHUNK))
        .execute();
      for (const row of rows) {
        results.set(row.key, depotYearSchema.parse(JSON.parse(row.result)));
        waiting.delete(row.key);
      }
    }
    if (!waiting.size) break;
    if (Date.now() > until)
      throw new UserError("The roadmap is taking longer than usual to plan. Please reload the page in a minute.", {
        status: 503,
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Marks depot-years as used today, so pruning keeps what roadmaps still read. */
async function touch(deps: Deps, keys: string[]) {
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK)
    await deps.database.db
      .updateTable("roadmap_results")
      .set({ used_at: new Date().toISOString() })
      .where("key", "in", keys.slice(i, i + LOOKUP_CHUNK))
      .where(sql<boolean>`substr(cast(used_at as text), 1, 10) < ${today}`)
      .execute();
}

/** Forgets depot-years no roadmap has read for `days` (a moved year's old fleets, a replaced plan's). */
export async function pruneDepotYears(deps: Deps, days = 90, now = Date.now()): Promise<number> {
  const before = new Date(now - days * 86_400_000).toISOString();
  const result = await deps.database.db.deleteFrom("roadmap_results").where("used_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
