/**
 * A charger's local authorization list (issue 59): the tags it may let charge while it cannot reach us. Bringing a
 * charger from the list it holds to the one it should hold is a series of SendLocalList messages, each within the
 * number of entries the charger takes in one (SendLocalListMaxLength, ItemsPerMessage), each one version on: the
 * difference where the charger's list is known, else a full list (a long one as a full first part and differential
 * rest). Tags compare as OCPP compares them, without regard to case. Pure, so the property test can replay it.
 */
export type ListUpdate = {
  version: number;
  kind: "Full" | "Differential";
  /** Tags it should accept. */
  add: string[];
  /** Tags to take out of its list (a differential update only). */
  remove: string[];
};

const key = (tag: string) => tag.toLowerCase();

/** The tags once each (the first spelling of each kept), in order. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => t !== "" && !seen.has(key(t)) && seen.add(key(t)));
}

/**
 * The messages that bring a charger holding `held` (null: not known) at `version` to `wanted`, at most `perMessage`
 * entries each (at least one). None when it holds the list already.
 */
export function listUpdates(
  held: readonly string[] | null,
  version: number,
  wanted: readonly string[],
  perMessage: number,
): ListUpdate[] {
  const size = Math.max(1, Math.floor(perMessage));
  const want = distinctTags(wanted);
  const chunks = <T>(items: readonly T[]) =>
    Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
  const updates: Omit<ListUpdate, "version">[] = [];
  if (held === null) {
    // Not known: the whole list, its first part as Full (an empty list clears it) and the rest added to it.
    const [first = [], ...rest] = chunks(want);
    updates.push({ kind: "Full", add: first, remove: [] }, ...rest.map((add) => diff(add, [])));
  } else {
    const has = new Set(held.map(key));
    const wants = new Set(want.map(key));
    const remove = distinctTags(held).filter((t) => !wants.has(key(t)));
    const add = want.filter((t) => !has.has(key(t)));
    const changes = [...remove.map((t) => ({ t, out: true })), ...add.map((t) => ({ t, out: false }))];
    // A difference larger than the list itself goes as the list.
    if (changes.length > Math.max(want.length, 1)) return listUpdates(null, version, want, size);
    for (const part of chunks(changes))
      updates.push(
        diff(
          part.filter((c) => !c.out).map((c) => c.t),
          part.filter((c) => c.out).map((c) => c.t),
        ),
      );
  }
  return updates.map((u, i) => ({ ...u, version: version + i + 1 }));
}

const diff = (add: string[], remove: string[]): Omit<ListUpdate, "version"> => ({ kind: "Differential", add, remove });

/** What a charger holds after taking these updates in order (as the property test replays them). */
export function applyUpdates(held: readonly string[] | null, updates: readonly ListUpdate[]): string[] | null {
  let list = held === null ? null : [...held];
  for (const u of updates) {
    if (u.kind === "Full") list = [...u.add];
    else if (list !== null) {
      const out = new Set(u.remove.map(key));
      const kept = list.filter((t) => !out.has(key(t)));
      list = distinctTags([...kept, ...u.add]);
    }
  }
  return list;
}
