/**
 * A hub's live page (issue 58): its stream says "change" only to those the policy lets follow it live (`hub.live`: its
 * operator and its customers, while it is open for them) and only when what that viewer sees changed — a customer's
 * own visits, the operator's view of every customer's and the bays taken — never on the operator's own fleet's comings
 * and goings, which would be a timing signal on a competitor's yard. What each side sees is worked out once per change
 * of the hub's depot (debounced), not once per page; streams are bounded per person and in all (lib/live-streams).
 */
import { createHash } from "node:crypto";

import type { DepotViewer } from "~/features/depots/index.server";
import { onDepotChanged } from "~/lib/depot-signals.server";
import { liveStream } from "~/lib/live-streams.server";
import type { Runtime } from "~/lib/runtime.server";

import { readHub, requireHub, seesEveryCustomer } from "./hubs.server";
import { hubVehiclesNow } from "./vehicles-now.server";

type Deps = Pick<Runtime, "database">;
/** A depot's reports within this long are looked at once. */
const SETTLE_MS = 500;

type Watcher = { viewer: DepotViewer; changed: () => void };
type Watch = { hubId: number; depotId: number; watchers: Set<Watcher>; seen: Map<string, string>; stop: () => void };
const watches = new Map<number, Watch>();

/** Which view a viewer's page shows: every customer's (operator, admins) or one company's own. */
const sideKey = (viewer: DepotViewer, everyone: boolean) => (everyone ? "all" : `own:${viewer.company?.memberId}`);

/** The hub's stream for a viewer the policy lets follow it live (404 or 409 otherwise, before any stream opens). */
export async function hubEventStream(deps: Deps, viewer: DepotViewer, hubId: number, signal: AbortSignal) {
  const hub = await requireHub(deps, viewer, hubId, "hub.live");
  return liveStream(viewer.id, signal, (changed) => watch(deps, hub.id, hub.depotId, { viewer, changed }));
}

function watch(deps: Deps, hubId: number, depotId: number, watcher: Watcher): () => void {
  let hub = watches.get(hubId);
  if (!hub) {
    let timer: NodeJS.Timeout | undefined;
    const created: Watch = { hubId, depotId, watchers: new Set(), seen: new Map(), stop: () => undefined };
    const unsubscribe = onDepotChanged(depotId, () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void look(deps, created).catch(() => undefined);
      }, SETTLE_MS);
    });
    created.stop = () => {
      unsubscribe();
      clearTimeout(timer);
    };
    watches.set(hubId, created);
    hub = created;
  }
  hub.watchers.add(watcher);
  const watching = hub;
  return () => {
    watching.watchers.delete(watcher);
    if (!watching.watchers.size) {
      watching.stop();
      watches.delete(hubId);
    }
  };
}

/**
 * After a change at the hub's depot: each side's view is read once (the watchers of one side share it), and only the
 * watchers whose view changed are told. A watcher the policy no longer lets follow the hub (suspended, closed) is told
 * once, so its page reads the hub again and finds why.
 */
async function look(deps: Deps, watch: Watch): Promise<void> {
  const fresh = await readHub(deps, watch.hubId);
  if (!fresh) return;
  const views = new Map<string, string>();
  for (const watcher of watch.watchers) {
    const hub = await readHub(deps, watch.hubId, watcher.viewer);
    if (!hub) continue;
    const key = sideKey(watcher.viewer, seesEveryCustomer(watcher.viewer, hub.facts));
    if (!views.has(key)) {
      const now = await hubVehiclesNow(deps, watcher.viewer, hub);
      views.set(
        key,
        createHash("sha256")
          .update(JSON.stringify([hub.status, now]))
          .digest("hex"),
      );
    }
    const digest = views.get(key)!;
    if (watch.seen.get(key) !== digest) watcher.changed();
  }
  for (const [key, digest] of views) watch.seen.set(key, digest);
}
