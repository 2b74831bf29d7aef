/**
 * Keeps each charger's local authorization list (issue 59) to the tags that may charge at its depot: the company's
 * named vehicles and the hub visitors booked there within a day (local-list.ts builds the messages). Checked when a
 * charger is ready (its list's version asked, GetLocalListVersion: a charger that lost or changed its list is sent
 * the whole of it), sent again whenever tags change (a vehicle named or removed, a visit booked or cancelled: the
 * `tags` signal, relayed across processes) and every ten minutes (visits coming within the day). A charger that
 * does not keep lists is asked again only when it boots; one that answers anything but Accepted is not known to hold
 * anything, and is sent the whole list next time.
 */
import { expectedVisits, tagsOfCompany } from "~/features/vehicles/index.server";
import { depotChanged } from "~/lib/depot-signals.server";
import type { Runtime } from "~/lib/runtime.server";

import { recordChargerEvent } from "./charger-status.server";
import { applyUpdates, distinctTags, listUpdates, type ListUpdate } from "./local-list";
import { listCapabilities, type ListCapabilities } from "./local-list-capabilities.server";
import type { OcppEndpoint } from "./ocpp-handler-types";
import { chargerErrorCode, keepUp, serialPerKey } from "./upkeep";

type Deps = Pick<Runtime, "database" | "log">;
type Endpoint = Pick<OcppEndpoint, "call" | "isConnected">;
const EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;

/** Starts keeping the lists of the chargers this process holds; answers its stop. */
export function startLocalLists(deps: Deps, endpoint: Endpoint): () => void {
  const capabilities = new Map<number, ListCapabilities>();
  // One charger's updates one after another (each is a version on from the last).
  const serial = serialPerKey<number>(deps.log, "a charger's local list");
  const run = (chargePointId: number, check: boolean, wanted?: Map<number, Promise<string[]>>) =>
    serial(chargePointId, () =>
      syncList(deps, endpoint, chargePointId, { check, capabilities, wanted: wanted ?? new Map() }),
    );
  const all = () => {
    // Each depot's tags read once a pass, whatever the number of its chargers.
    const wanted = new Map<number, Promise<string[]>>();
    void heldHere(deps, endpoint)
      .then((ids) => ids.forEach((id) => run(id, false, wanted)))
      .catch((error: unknown) => deps.log.warn({ err: error }, "the local lists' round failed"));
  };
  const ready = (point: { chargePointId: number }) => {
    capabilities.delete(point.chargePointId);
    run(point.chargePointId, true);
  };
  return keepUp({ ready, all, everyMs: EVERY_MS });
}

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

/** The tags that may charge at the depot offline: its company's vehicles, then the visitors booked within a day. */
export async function depotListTags(deps: Pick<Runtime, "database">, depotId: number, at = Date.now()) {
  const db = deps.database.db;
  const depot = await db.selectFrom("depots").select("company_id").where("id", "=", depotId).executeTakeFirst();
  const [own, visits] = await Promise.all([
    depot?.company_id == null ? [] : tagsOfCompany(db, depot.company_id),
    expectedVisits(db, depotId, at, at + DAY_MS),
  ]);
  return distinctTags([...own, ...visits.map((v) => v.tag)]);
}

type SyncOptions = {
  check: boolean;
  capabilities: Map<number, ListCapabilities>;
  wanted: Map<number, Promise<string[]>>;
};

async function syncList(deps: Deps, endpoint: Endpoint, chargePointId: number, options: SyncOptions) {
  if (!endpoint.isConnected(chargePointId)) return;
  const db = deps.database.db;
  const point = await db
    .selectFrom("charge_points")
    .select(["protocol", "depot_id", "role"])
    .where("id", "=", chargePointId)
    .executeTakeFirst();
  if (!point?.protocol || point.role !== "charger") return;
  const v16 = point.protocol === "ocpp1.6";
  let caps = options.capabilities.get(chargePointId);
  if (!caps) {
    caps = await listCapabilities(endpoint, chargePointId, v16);
    options.capabilities.set(chargePointId, caps);
    if ("unsupported" in caps)
      await keep(
        deps,
        { chargePointId, depotId: point.depot_id },
        { version: 0, tags: null, unsupported: caps.unsupported },
      );
  }
  if ("unsupported" in caps) return;
  const row = await db
    .selectFrom("charger_local_lists")
    .select(["version", "tags", "unsupported"])
    .where("charge_point_id", "=", chargePointId)
    .executeTakeFirst();
  let held: string[] | null = row?.tags ? (JSON.parse(row.tags) as string[]) : null;
  let version = row?.version ?? 0;
  if (options.check) {
    const told = await listVersion(endpoint, chargePointId, v16);
    if (told !== version) held = null;
    version = Math.max(version, told ?? 0);
  }
  if (!options.wanted.has(point.depot_id)) options.wanted.set(point.depot_id, depotListTags(deps, point.depot_id));
  let wanted = await options.wanted.get(point.depot_id)!;
  // 1.6 takes tags of at most 20 characters; and no charger more than its list holds (the company's own come first).
  if (v16) wanted = wanted.filter((t) => t.length <= 20);
  if (wanted.length > caps.maxLength) {
    await recordChargerEvent(
      db,
      { chargePointId },
      "list",
      `Its local list holds ${caps.maxLength} tags: ${wanted.length - caps.maxLength} of the depot's are left off it`,
    );
    wanted = wanted.slice(0, caps.maxLength);
  }
  for (const update of listUpdates(held, version, wanted, caps.perMessage)) {
    const answer = await send(endpoint, chargePointId, v16, update);
    if (answer !== "Accepted") {
      const unsupported = answer === "NotSupported" ? "Does not keep a local list (it has no SendLocalList)" : null;
      if (unsupported) options.capabilities.set(chargePointId, { unsupported });
      await keep(
        deps,
        { chargePointId, depotId: point.depot_id },
        { version: update.version - 1, tags: null, unsupported },
      );
      await recordChargerEvent(db, { chargePointId }, "list", `Did not take its local list (${answer})`);
      return;
    }
    held = applyUpdates(held, [update]);
    await keep(
      deps,
      { chargePointId, depotId: point.depot_id },
      { version: update.version, tags: held, unsupported: null },
    );
  }
}

async function listVersion(endpoint: Endpoint, chargePointId: number, v16: boolean): Promise<number | null> {
  try {
    const answer = (await endpoint.call(chargePointId, "GetLocalListVersion", {})) as {
      listVersion?: number;
      versionNumber?: number;
    };
    const told = v16 ? answer.listVersion : answer.versionNumber;
    return typeof told === "number" && told >= 0 ? told : null;
  } catch {
    return null;
  }
}

/** One message; the charger's status word (or Failed when the call itself failed). */
async function send(endpoint: Endpoint, chargePointId: number, v16: boolean, update: ListUpdate): Promise<string> {
  const entries = v16
    ? [
        ...update.add.map((idTag) => ({ idTag, idTagInfo: { status: "Accepted" } })),
        ...update.remove.map((idTag) => ({ idTag })),
      ]
    : [
        // The type a tag is shown with is not known here: an RFID card's, the commonest.
        ...update.add.map((idToken) => ({
          idToken: { idToken, type: "ISO14443" },
          idTokenInfo: { status: "Accepted" },
        })),
        ...update.remove.map((idToken) => ({ idToken: { idToken, type: "ISO14443" } })),
      ];
  const params = v16
    ? {
        listVersion: update.version,
        updateType: update.kind,
        ...(entries.length ? { localAuthorizationList: entries } : {}),
      }
    : {
        versionNumber: update.version,
        updateType: update.kind,
        ...(entries.length ? { localAuthorizationList: entries } : {}),
      };
  try {
    const answer = (await endpoint.call(chargePointId, "SendLocalList", params)) as { status?: string };
    return answer?.status ?? "Failed";
  } catch (error) {
    // A charger that says it keeps lists but has no SendLocalList (SAP's simulator 2.1 answers NotImplemented) is
    // taken at its word: not sent lists again until it boots.
    const code = chargerErrorCode(error);
    return code === "NotImplemented" || code === "NotSupported" ? "NotSupported" : "Failed";
  }
}

/** Keeps what the charger holds now, and tells its depot's open pages (the charger's card shows it). */
async function keep(
  deps: Pick<Runtime, "database">,
  { chargePointId, depotId }: { chargePointId: number; depotId: number },
  list: { version: number; tags: readonly string[] | null; unsupported: string | null },
) {
  const values = {
    version: list.version,
    tags: list.tags === null ? null : JSON.stringify(list.tags),
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
