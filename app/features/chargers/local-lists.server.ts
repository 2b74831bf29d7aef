/**
 * Keeps each charger's local authorization list (issue 59) to the tags that may charge at its depot: the company's
 * named vehicles and the hub visitors booked there within a day (local-list.ts builds the messages). Checked when a
 * charger is ready (its list's version asked, GetLocalListVersion: a charger that lost or changed its list is sent
 * the whole of it), sent again whenever tags change (a vehicle named or removed, a visit booked or cancelled: the
 * `tags` signal, relayed across processes) and every ten minutes (visits coming within the day). A charger that
 * does not keep lists is asked again only when it boots; one that answers anything but Accepted is not known to hold
 * anything, and is sent the whole list next time. What a charger holds is kept once it has taken the last message, as
 * a snapshot its depot's chargers share (list-snapshots.server.ts): a round where nothing changed compares digests and
 * reads no list at all.
 */
import pLimit from "p-limit";

import { expectedVisits, tagsOfCompany } from "~/features/vehicles/index.server";
import { depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent } from "./charger-status.server";
import { listDigest, loadList, pruneLists, storeList } from "./list-snapshots.server";
import { distinctTags, listUpdates, type ListUpdate } from "./local-list";
import { listCapabilities, type ListCapabilities } from "./local-list-capabilities.server";
import { listVersion, sendListUpdate } from "./local-list-messages.server";
import type { OcppEndpoint } from "./ocpp-handler-types";
import { keepUp, serialPerKey } from "./upkeep";

type Deps = Pick<Runtime, "database" | "log">;
type Endpoint = Pick<OcppEndpoint, "call" | "isConnected">;
const EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;
const SETTLE_MS = 1_000;
const AT_ONCE = 16;

/** Starts keeping the lists of the chargers this process holds; answers its stop. */
export function startLocalLists(deps: Deps, endpoint: Endpoint): () => void {
  const state: KeeperState = {
    capabilities: new Map(),
    toCheck: new Set(),
    wanted: new Map(),
    companyTags: new Map(),
    changes: new Map(),
    generation: 0,
  };
  // One charger's updates one after another (each is a version on from the last); one waiting pass a charger is enough.
  const serial = serialPerKey<number>(deps.log, "a charger's local list");
  // A round over a thousand chargers goes a few at a time, so the chargers' own calls are answered between them (all at
  // once, their writes and sends queued ahead of everything else for a second).
  const few = pLimit(AT_ONCE);
  const run = (chargePointId: number) =>
    serial(chargePointId, () => few(() => syncList(deps, endpoint, chargePointId, state)));
  const all = () => {
    // Tags changed (or time went on): each depot's tags are read again, once whatever the number of its chargers.
    state.generation++;
    state.wanted.clear();
    state.companyTags.clear();
    state.changes.clear();
    void heldHere(deps, endpoint)
      .then((ids) => ids.forEach(run))
      .catch((error: unknown) => deps.log.warn({ err: error }, "the local lists' round failed"));
  };
  // A burst of changes (a hundred tags removed one after another) is one round a second, not one a change: the
  // chargers of a round then mostly go from the same list to the same list, worked out once.
  let settling: NodeJS.Timeout | null = null;
  const soon = () => {
    settling ??= setTimeout(() => {
      settling = null;
      all();
    }, SETTLE_MS);
    settling.unref();
  };
  const everyTenMinutes = () => {
    all();
    void pruneLists(deps).catch((error: unknown) => deps.log.warn({ err: error }, "the lists were not pruned"));
  };
  const ready = (point: { chargePointId: number }) => {
    state.capabilities.delete(point.chargePointId);
    state.toCheck.add(point.chargePointId);
    run(point.chargePointId);
  };
  const stop = keepUp({ ready, all: soon, every: everyTenMinutes, everyMs: EVERY_MS });
  return () => {
    stop();
    if (settling) clearTimeout(settling);
  };
}

type KeeperState = {
  capabilities: Map<number, ListCapabilities>;
  /** Chargers just ready: their list's version is asked before anything is sent. */
  toCheck: Set<number>;
  /** Each depot's tags as this round read them, by depot and by what a charger takes (`${depot}:${v16}:${max}`). */
  wanted: Map<string, Promise<readonly string[]>>;
  companyTags: Map<number, Promise<string[]>>;
  /**
   * The messages from one list to another (`${from}>${to}:${perMessage}`, versions counted from 0): a depot's chargers
   * mostly hold the same list and go to the same one, so the difference is worked out once for them all.
   */
  changes: Map<string, ListUpdate[]>;
  generation: number;
};

/** The chargers (not meters) this process holds now. */
async function heldHere(deps: Deps, endpoint: Endpoint): Promise<number[]> {
  const rows = await deps.database.db
    .selectFrom("charge_points")
    .select("id")
    .where("role", "=", "charger")
    .where("protocol", "is not", null)
    .execute();
  return rows.map((r) => r.id).filter((id) => endpoint.isConnected(id));
}

/**
 * The tags that may charge at the depot offline: its company's vehicles, then the visitors booked within a day.
 * `companyTags` reads a company's (a round reads each company's once, whatever the number of its depots).
 */
export async function depotListTags(
  deps: Pick<Runtime, "database">,
  depotId: number,
  at = Date.now(),
  companyTags = (companyId: number) => tagsOfCompany(deps.database.db, companyId),
) {
  const db = deps.database.db;
  const depot = await db.selectFrom("depots").select("company_id").where("id", "=", depotId).executeTakeFirst();
  const [own, visits] = await Promise.all([
    depot?.company_id == null ? [] : companyTags(depot.company_id),
    expectedVisits(db, depotId, at, at + DAY_MS),
  ]);
  return distinctTags([...own, ...visits.map((v) => v.tag)]);
}

/**
 * The depot's list as a charger takes it: 1.6 takes tags of at most 20 characters, and none more than its list holds
 * (the company's own come first). The same array for every charger alike this round, so its digest is worked once.
 */
function wantedFor(deps: Deps, state: KeeperState, depotId: number, v16: boolean, maxLength: number) {
  const key = `${depotId}:${v16}:${maxLength}`;
  let wanted = state.wanted.get(key);
  if (!wanted) {
    const generation = state.generation;
    const companyTags = (companyId: number) => {
      let tags = state.companyTags.get(companyId);
      if (!tags) state.companyTags.set(companyId, (tags = tagsOfCompany(deps.database.db, companyId)));
      return tags;
    };
    wanted = depotListTags(deps, depotId, Date.now(), companyTags).then((tags) =>
      v16 ? tags.filter((t) => t.length <= 20) : tags,
    );
    // A failed read is not kept for the chargers after it.
    wanted.catch(() => state.generation === generation && state.wanted.delete(key));
    state.wanted.set(key, wanted);
  }
  return wanted;
}

async function syncList(deps: Deps, endpoint: Endpoint, chargePointId: number, state: KeeperState) {
  const check = state.toCheck.delete(chargePointId);
  if (!endpoint.isConnected(chargePointId)) return;
  const db = deps.database.db;
  const point = await db
    .selectFrom("charge_points")
    .select(["protocol", "depot_id", "role"])
    .where("id", "=", chargePointId)
    .executeTakeFirst();
  if (!point?.protocol || point.role !== "charger") return;
  const where = { chargePointId, depotId: point.depot_id };
  const v16 = point.protocol === "ocpp1.6";
  let caps = state.capabilities.get(chargePointId);
  if (!caps) {
    caps = await listCapabilities(endpoint, chargePointId, v16);
    state.capabilities.set(chargePointId, caps);
    if ("unsupported" in caps) await keep(deps, where, { version: 0, tags: null, unsupported: caps.unsupported });
  }
  if ("unsupported" in caps) return;
  const row = await db
    .selectFrom("charger_local_lists")
    .select(["version", "tags_digest"])
    .where("charge_point_id", "=", chargePointId)
    .executeTakeFirst();
  let version = row?.version ?? 0;
  let digest = row?.tags_digest ?? null;
  if (check) {
    const told = await listVersion(endpoint, chargePointId, v16);
    if (told !== version) digest = null;
    version = Math.max(version, told ?? 0);
  }
  const all = await wantedFor(deps, state, point.depot_id, v16, caps.maxLength);
  const wanted = all.length > caps.maxLength ? all.slice(0, caps.maxLength) : all;
  // Already holding it: nothing to read, work out or send (most chargers, most rounds).
  if (digest !== null && digest === listDigest(wanted)) return;
  if (all.length > caps.maxLength)
    await recordChargerEvent(
      db,
      { chargePointId },
      "list",
      `Its local list holds ${caps.maxLength} tags: ${all.length - caps.maxLength} of the depot's are left off it`,
    );
  const updates = await changesBetween(deps, state, digest, wanted, caps.perMessage).then((from0) =>
    from0.map((u) => ({ ...u, version: version + u.version })),
  );
  for (const update of updates) {
    const answer = await sendListUpdate(endpoint, chargePointId, v16, update);
    if (answer !== "Accepted") {
      const unsupported = answer === "NotSupported" ? "Does not keep a local list (it has no SendLocalList)" : null;
      if (unsupported) state.capabilities.set(chargePointId, { unsupported });
      // What it holds now is not known: it is sent the whole list next time.
      await keep(deps, where, { version: update.version - 1, tags: null, unsupported });
      await recordChargerEvent(db, { chargePointId }, "list", `Did not take its local list (${answer})`);
      return;
    }
  }
  // Kept once the last message is taken: a server stopped midway finds the charger's version ahead of this row's and
  // sends the list whole.
  const last = updates.at(-1)?.version ?? version;
  await keep(deps, where, { version: last, tags: wanted, unsupported: null });
}

/** The messages from the list named `digest` (null: not known) to `wanted`, worked out once a round for each pair. */
async function changesBetween(
  deps: Deps,
  state: KeeperState,
  digest: string | null,
  wanted: readonly string[],
  perMessage: number,
): Promise<ListUpdate[]> {
  const key = `${digest}>${listDigest(wanted)}:${perMessage}`;
  let changes = state.changes.get(key);
  if (!changes) {
    const held = digest === null ? null : await loadList(deps, digest);
    changes = listUpdates(held, 0, wanted, perMessage);
    if (state.changes.size > 1_000) state.changes.clear();
    state.changes.set(key, changes);
  }
  return changes;
}

/** Keeps what the charger holds now, and tells its depot's open pages (the charger's card shows it). */
async function keep(
  deps: Pick<Runtime, "database">,
  { chargePointId, depotId }: { chargePointId: number; depotId: number },
  list: { version: number; tags: readonly string[] | null; unsupported: string | null },
) {
  const values = {
    version: list.version,
    tags_digest: list.tags === null ? null : await storeList(deps, list.tags),
    tag_count: list.tags?.length ?? null,
    unsupported: list.unsupported,
    updated_at: new Date().toISOString(),
  };
  await deps.database.db
    .insertInto("charger_local_lists")
    .values({ charge_point_id: chargePointId, ...values })
    .onConflict((oc) => oc.column("charge_point_id").doUpdateSet(values))
    .execute();
  depotChanged(depotId);
}
