import { z } from "zod";

import { catalogueItem, COMPONENT_IDS, SITE, type ComponentId } from "./catalogue";

/** A placed component: its centre in metres from the site's top-left corner. */
export type Placed = { uid: string; componentId: ComponentId; x: number; y: number };

export type DesignState = {
  placed: Placed[];
  /** The palette component that the next click on the canvas places. */
  armed: ComponentId | null;
  selected: string | null;
  past: Placed[][];
  future: Placed[][];
  /** Increases with every placement, so new uids never repeat. */
  counter: number;
};

export const MAX_COMPONENTS = 500;
const HISTORY = 100;
/** Positions snap to half a metre. */
export const SNAP_M = 0.5;

const snap = (value: number) => Math.round(value / SNAP_M) * SNAP_M;

/** Keeps a component's footprint inside the site. */
export function clampToSite(componentId: ComponentId, x: number, y: number): { x: number; y: number } {
  const { width, depth } = catalogueItem(componentId);
  const clamp = (value: number, half: number, max: number) => Math.min(max - half, Math.max(half, value));
  return { x: clamp(snap(x), width / 2, SITE.width), y: clamp(snap(y), depth / 2, SITE.depth) };
}

export function initialDesign(placed: Placed[] = []): DesignState {
  const counter = placed.reduce((max, item) => Math.max(max, Number(item.uid.replace(/\D/g, "")) || 0), 0);
  return { placed, armed: null, selected: null, past: [], future: [], counter };
}

export type DesignAction =
  | { type: "arm"; componentId: ComponentId }
  | { type: "disarm" }
  | { type: "place"; x: number; y: number }
  | { type: "select"; uid: string | null }
  | { type: "move"; uid: string; x: number; y: number }
  | { type: "nudge"; dx: number; dy: number }
  | { type: "delete" }
  | { type: "undo-last-placement" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "load"; placed: Placed[] }
  /** The whole layout at once (chargers fitted from a plan), as one step undo takes back. */
  | { type: "replace"; placed: Placed[] };

function commit(state: DesignState, placed: Placed[]): DesignState {
  return { ...state, placed, past: [...state.past, state.placed].slice(-HISTORY), future: [] };
}

/** The designer's whole behaviour, as a pure function (the canvas only dispatches). */
// Kept whole: a reducer is one switch over the designer's actions, each case a
// few lines; the list of cases is the designer's behaviour, and reads best in one place.
// eslint-disable-next-line max-lines-per-function -- kept whole, for the reason above
export function designReducer(state: DesignState, action: DesignAction): DesignState {
  switch (action.type) {
    case "arm":
      return { ...state, armed: action.componentId, selected: null };
    case "disarm":
      return { ...state, armed: null, selected: null };
    case "place": {
      if (!state.armed || state.placed.length >= MAX_COMPONENTS) return state;
      const uid = `c${state.counter + 1}`;
      const at = clampToSite(state.armed, action.x, action.y);
      return {
        ...commit(state, [...state.placed, { uid, componentId: state.armed, ...at }]),
        counter: state.counter + 1,
        selected: uid,
      };
    }
    case "select":
      return { ...state, selected: action.uid, armed: action.uid ? null : state.armed };
    case "move": {
      const item = state.placed.find((p) => p.uid === action.uid);
      if (!item) return state;
      const at = clampToSite(item.componentId, action.x, action.y);
      if (at.x === item.x && at.y === item.y) return { ...state, selected: item.uid };
      return {
        ...commit(
          state,
          state.placed.map((p) => (p.uid === item.uid ? { ...p, ...at } : p)),
        ),
        selected: item.uid,
      };
    }
    case "nudge": {
      const item = state.placed.find((p) => p.uid === state.selected);
      return item
        ? designReducer(state, { type: "move", uid: item.uid, x: item.x + action.dx, y: item.y + action.dy })
        : state;
    }
    case "delete":
      if (!state.selected || !state.placed.some((p) => p.uid === state.selected)) return state;
      return {
        ...commit(
          state,
          state.placed.filter((p) => p.uid !== state.selected),
        ),
        selected: null,
      };
    case "undo-last-placement": {
      // The most recently placed component (the highest number), wherever it has moved since.
      const last = state.placed.reduce<Placed | null>(
        (newest, p) => (!newest || Number(p.uid.slice(1)) > Number(newest.uid.slice(1)) ? p : newest),
        null,
      );
      if (!last) return state;
      return {
        ...commit(
          state,
          state.placed.filter((p) => p.uid !== last.uid),
        ),
        selected: state.selected === last.uid ? null : state.selected,
      };
    }
    case "undo": {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        placed: previous,
        past: state.past.slice(0, -1),
        future: [state.placed, ...state.future],
        selected: null,
      };
    }
    case "redo": {
      const next = state.future[0];
      if (!next) return state;
      return {
        ...state,
        placed: next,
        past: [...state.past, state.placed],
        future: state.future.slice(1),
        selected: null,
      };
    }
    case "load":
      return initialDesign(action.placed);
    case "replace":
      return {
        ...commit(state, action.placed),
        counter: Math.max(state.counter, initialDesign(action.placed).counter),
        selected: null,
        armed: null,
      };
  }
}

export type DesignStats = {
  count: number;
  totalKw: number;
  byComponent: { componentId: ComponentId; name: string; count: number; kw: number }[];
};

/** Component count, total charger power (the sum over placed components) and the breakdown by type. */
export function designStats(placed: Placed[]): DesignStats {
  const byComponent = new Map<ComponentId, { componentId: ComponentId; name: string; count: number; kw: number }>();
  let totalKw = 0;
  for (const item of placed) {
    const { name, power } = catalogueItem(item.componentId);
    const entry = byComponent.get(item.componentId) ?? { componentId: item.componentId, name, count: 0, kw: 0 };
    entry.count++;
    entry.kw += power ?? 0;
    totalKw += power ?? 0;
    byComponent.set(item.componentId, entry);
  }
  return { count: placed.length, totalKw, byComponent: [...byComponent.values()] };
}

/** What the server accepts as a saved design: known components, inside the site, at most 500. */
export const savedDesignSchema = z
  .array(
    z.object({
      uid: z.string().regex(/^c\d{1,6}$/, "Invalid component id"),
      componentId: z.enum(COMPONENT_IDS),
      x: z.number().finite().min(0).max(SITE.width),
      y: z.number().finite().min(0).max(SITE.depth),
    }),
  )
  .max(MAX_COMPONENTS, `A design can hold at most ${MAX_COMPONENTS} components`)
  .refine((items) => new Set(items.map((item) => item.uid)).size === items.length, "Each component must appear once");

/** The layout's chargers, grouped by model: a first charging plan's chargers. */
export function chargersOf(design: Placed[]): { name: string; powerKw: number; count: number }[] {
  const counts = new Map<ComponentId, number>();
  for (const p of design)
    if (catalogueItem(p.componentId).type === "charger")
      counts.set(p.componentId, (counts.get(p.componentId) ?? 0) + 1);
  return [...counts].map(([id, count]) => ({
    name: catalogueItem(id).name,
    powerKw: catalogueItem(id).power ?? 0,
    count,
  }));
}
