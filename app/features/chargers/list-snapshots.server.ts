/**
 * The local lists chargers hold, each kept once (migration 036): a depot's chargers all hold the same list, so a
 * charger's row names a snapshot by the SHA-256 of its JSON instead of carrying ten thousand tags of its own. Read
 * snapshots are kept in memory (a few: one or two a depot), and the digest of a list the keeper sends is worked out
 * once for all the chargers it goes to.
 */
import { createHash } from "node:crypto";

import type { Runtime } from "~/lib/runtime.server";

type Deps = Pick<Runtime, "database">;
const KEEP_IN_MEMORY = 64;
// Content named by its digest is never wrong, so what was read stays (bounded); `stored` is what this process knows is
// in the table, forgotten when lists are pruned (another process may have pruned one).
const read = new Map<string, readonly string[]>();
const stored = new Set<string>();
const digests = new WeakMap<readonly string[], string>();

/** The digest naming this list (the same array is hashed once). */
export function listDigest(tags: readonly string[]): string {
  let digest = digests.get(tags);
  if (!digest) {
    digest = createHash("sha256").update(JSON.stringify(tags)).digest("hex");
    digests.set(tags, digest);
  }
  return digest;
}

/** Keeps the list (once, whoever else holds it) and answers its digest. */
export async function storeList(deps: Deps, tags: readonly string[]): Promise<string> {
  const digest = listDigest(tags);
  if (stored.has(digest)) return digest;
  await deps.database.db
    .insertInto("charger_list_snapshots")
    .values({ digest, tags: JSON.stringify(tags), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("digest").doNothing())
    .execute();
  if (stored.size > 10_000) stored.clear();
  stored.add(digest);
  remember(digest, tags);
  return digest;
}

/** The list a digest names, or null when it is not kept (then what the charger holds is not known). */
export async function loadList(deps: Deps, digest: string): Promise<readonly string[] | null> {
  const known = read.get(digest);
  if (known) return known;
  const row = await deps.database.db
    .selectFrom("charger_list_snapshots")
    .select("tags")
    .where("digest", "=", digest)
    .executeTakeFirst();
  if (!row) return null;
  const tags = JSON.parse(row.tags) as string[];
  remember(digest, tags);
  return tags;
}

/**
 * Drops the lists no charger has held for an hour (the keeper's ten-minute round; the hour spares one stored a moment
 * ago that its charger's row does not name yet). A charger whose list is gone all the same is sent it whole.
 */
export async function pruneLists(deps: Deps): Promise<void> {
  const db = deps.database.db;
  await db
    .deleteFrom("charger_list_snapshots")
    .where("created_at", "<", new Date(Date.now() - 3_600_000).toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("charger_local_lists")
            .select("charge_point_id")
            .whereRef("charger_local_lists.tags_digest", "=", "charger_list_snapshots.digest"),
        ),
      ),
    )
    .execute();
  stored.clear();
}

function remember(digest: string, tags: readonly string[]) {
  read.delete(digest);
  read.set(digest, tags);
  digests.set(tags, digest);
  // The oldest read first out.
  if (read.size > KEEP_IN_MEMORY) read.delete(read.keys().next().value!);
}
