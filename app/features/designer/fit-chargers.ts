import { CATALOGUE, catalogueItem, MARKER_M, SITE, type ComponentId } from "./catalogue";
import { MAX_COMPONENTS, type Placed } from "./designer-state";

export type WantedChargers = { powerKw: number; count: number }[];

export type FittedLayout = {
  placed: Placed[];
  added: number;
  removed: number;
  /** Chargers that could not go on the plan: no unit of that power in the catalogue, or no room left. */
  notPlaced: { powerKw: number; count: number; why: "no-unit" | "no-room" }[];
};

/** A charger's marker needs this much room, so markers never cover one another. */
const SPACING_M = 2 * MARKER_M + 0.4;

const chargerFor = (powerKw: number): ComponentId | undefined =>
  CATALOGUE.find((item) => item.type === "charger" && item.power === powerKw)?.id;

/** Half the room a placed component takes up on the plan: its footprint, or its marker if that is larger. */
function halfExtent(item: Placed): { x: number; y: number } {
  const spec = catalogueItem(item.componentId);
  const marker = spec.id === "parking" ? 0 : MARKER_M;
  return { x: Math.max(spec.width / 2, marker), y: Math.max(spec.depth / 2, marker) };
}

/**
 * The layout with exactly the wanted chargers: chargers already there are kept
 * where they stand (up to the count of their power), the others are removed,
 * and the rest are placed where they can be reached — first at the head of
 * each parking bay without a charger, then along rows from the top of the
 * site — never covering another component. Parking bays and transformers stay
 * as they are. Pure, so a test can read it and the designer can undo it.
 */
export function fitChargers(layout: Placed[], wanted: WantedChargers): FittedLayout {
  const notPlaced: FittedLayout["notPlaced"] = [];
  const still = new Map<ComponentId, number>();
  for (const { powerKw, count } of wanted) {
    const id = chargerFor(powerKw);
    if (!id) notPlaced.push({ powerKw, count, why: "no-unit" });
    else still.set(id, (still.get(id) ?? 0) + count);
  }
  const kept: Placed[] = [];
  let removed = 0;
  for (const item of layout) {
    if (catalogueItem(item.componentId).type !== "charger") kept.push(item);
    else if ((still.get(item.componentId) ?? 0) > 0) {
      kept.push(item);
      still.set(item.componentId, still.get(item.componentId)! - 1);
    } else removed++;
  }

  let counter = layout.reduce((max, item) => Math.max(max, Number(item.uid.slice(1)) || 0), 0);
  const placed = [...kept];
  const spots = candidateSpots(kept);
  let added = 0;
  for (const [componentId, count] of still) {
    let left = count;
    while (left > 0 && placed.length < MAX_COMPONENTS) {
      const spot = nextFreeSpot(spots, placed, componentId);
      if (!spot) break;
      placed.push({ uid: `c${++counter}`, componentId, ...spot });
      added++;
      left--;
    }
    if (left > 0) notPlaced.push({ powerKw: catalogueItem(componentId).power ?? 0, count: left, why: "no-room" });
  }
  return { placed, added, removed, notPlaced };
}

/** Where new chargers may go, best first: bay heads, then a lattice row by row. */
function candidateSpots(layout: Placed[]): { x: number; y: number }[] {
  const spots: { x: number; y: number }[] = [];
  const bays = layout.filter((item) => item.componentId === "parking").sort((a, b) => a.y - b.y || a.x - b.x);
  for (const bay of bays) {
    const spec = catalogueItem("parking");
    spots.push({ x: bay.x, y: Math.max(MARKER_M, bay.y - spec.depth / 2 - MARKER_M) });
  }
  for (let y = MARKER_M; y <= SITE.depth - MARKER_M; y += SPACING_M)
    for (let x = MARKER_M; x <= SITE.width - MARKER_M; x += SPACING_M) spots.push({ x, y });
  return spots.map(({ x, y }) => ({ x: Math.round(x * 2) / 2, y: Math.round(y * 2) / 2 }));
}

function nextFreeSpot(
  spots: { x: number; y: number }[],
  placed: Placed[],
  componentId: ComponentId,
): { x: number; y: number } | undefined {
  while (spots.length > 0) {
    const spot = spots.shift()!;
    const probe = halfExtent({ uid: "probe", componentId, ...spot });
    const clear = placed.every((item) => {
      // A charger may stand over a parking bay's painted lines; only other equipment is in the way.
      if (item.componentId === "parking") return true;
      const other = halfExtent(item);
      return Math.abs(item.x - spot.x) >= probe.x + other.x || Math.abs(item.y - spot.y) >= probe.y + other.y;
    });
    if (clear) return spot;
  }
  return undefined;
}

/** What a fit did, in words for a notice: "Layout: 3 chargers added, 8 removed; undo on the Design Layout tab." */
export function describeFit({ added, removed, notPlaced }: FittedLayout): { done: string; missing: string | null } {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const changes =
    added + removed === 0
      ? "the layout already has these chargers"
      : [added ? `${plural(added, "charger")} added` : null, removed ? `${removed} removed` : null]
          .filter(Boolean)
          .join(", ");
  const done = `Layout: ${changes}. Arrange or undo them on the Design Layout tab.`;
  const missing = notPlaced.length
    ? `Not on the plan: ${notPlaced
        .map(
          (n) =>
            `${n.count} × ${n.powerKw} kW (${n.why === "no-unit" ? "no such unit in the layout's catalogue" : "no room left on the site"})`,
        )
        .join(", ")}.`
    : null;
  return { done, missing };
}
