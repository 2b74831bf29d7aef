import { useEffect, useReducer, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { chargersOf, designReducer, designStats, initialDesign, type Placed } from "./designer-state";
import { describeFit, fitChargers, type WantedChargers } from "./fit-chargers";

/**
 * The layout being designed for one depot: the placed components with undo
 * and redo, whether they differ from what the server holds, and saving them
 * to `saveTo` (the layout route's action). It lives above the workspace's
 * tabs, so the Summary tab shows the layout as it is, saved or not.
 */
export function useDesigner({ saved, saveTo }: { saved: Placed[]; saveTo: string }) {
  const [state, dispatch] = useReducer(designReducer, saved, initialDesign);
  const saver = useFetcher<ActionResult>();
  useFetcherToast(saver.data);
  // What the server holds: the loaded design, then whatever a save confirmed.
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(saved));
  const [sentJson, setSentJson] = useState<string | null>(null);
  const [handled, setHandled] = useState<ActionResult | undefined>();
  if (saver.state === "idle" && saver.data && handled !== saver.data) {
    setHandled(saver.data);
    if (saver.data.ok && sentJson !== null) setSavedJson(sentJson);
  }
  const currentJson = JSON.stringify(state.placed);
  const unsaved = currentJson !== savedJson;

  /** Saves the layout on screen, or `placed` when a change is dispatched and saved in the same step. */
  const save = (placed?: Placed[]) => {
    const json = placed ? JSON.stringify(placed) : currentJson;
    setSentJson(json);
    void saver.submit({ intent: "save-design", components: json }, { method: "post", action: saveTo });
  };

  /** Puts exactly these chargers on the layout (kept where they stand, the rest placed or removed) and saves it. */
  const placeChargers = (wanted: WantedChargers) => {
    const fitted = fitChargers(state.placed, wanted);
    dispatch({ type: "replace", placed: fitted.placed });
    save(fitted.placed);
    const { done, missing } = describeFit(fitted);
    if (missing) toast.warning(`${done} ${missing}`);
    else toast.info(done);
  };

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  return {
    state,
    dispatch,
    save,
    saving: saver.state !== "idle",
    unsaved,
    stats: designStats(state.placed),
    chargers: chargersOf(state.placed),
    placeChargers,
    selectedItem: state.placed.find((p) => p.uid === state.selected),
  };
}

export type Designer = ReturnType<typeof useDesigner>;

/** The designer's keyboard shortcuts, while its tab is open. */
export function useDesignerShortcuts({ state, dispatch, save }: Designer) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && (key === "z" || key === "y")) {
        event.preventDefault();
        dispatch({ type: key === "z" && !event.shiftKey ? "undo" : "redo" });
      } else if (mod && key === "s") {
        event.preventDefault();
        save();
      } else if ((event.key === "Delete" || event.key === "Backspace") && state.selected) {
        event.preventDefault();
        dispatch({ type: "delete" });
      } else if (event.key === "Escape") {
        dispatch({ type: "disarm" });
      } else if (event.key.startsWith("Arrow") && state.selected) {
        event.preventDefault();
        const step = event.shiftKey ? 1 : 0.5;
        const [dx, dy] = ARROWS[event.key]?.map((unit) => unit * step) ?? [0, 0];
        dispatch({ type: "nudge", dx: dx!, dy: dy! });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
