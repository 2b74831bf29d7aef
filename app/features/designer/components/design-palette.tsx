import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { cn } from "~/lib/utils";

import { CATALOGUE, catalogueItem, COMPONENT_COLOURS, type ComponentId } from "../catalogue";
import type { DesignAction } from "../designer-state";
import { siteAt } from "./design-canvas";

/**
 * The component palette as a toolbar that stays above the plan while the
 * page scrolls (on a phone the plan and the palette share the screen). Tap a
 * component and then the plan, or drag it from here onto the plan.
 */
export function DesignPalette({
  armed,
  dispatch,
  onPlaced,
}: {
  armed: ComponentId | null;
  dispatch: (action: DesignAction) => void;
  onPlaced: (componentId: ComponentId) => void;
}) {
  const [dragging, setDragging] = useState<{
    id: ComponentId;
    from: { x: number; y: number };
    x: number;
    y: number;
    moved: boolean;
  } | null>(null);
  // A touch drag ends on the button it started from, which would read as a tap on it.
  const dropped = useRef(false);

  // A drag from the palette ends where the pointer is let go: on the plan it places there.
  useEffect(() => {
    if (!dragging) return;
    const move = (event: PointerEvent) =>
      setDragging((d) =>
        d
          ? {
              ...d,
              x: event.clientX,
              y: event.clientY,
              moved: d.moved || Math.hypot(event.clientX - d.from.x, event.clientY - d.from.y) > 8,
            }
          : d,
      );
    const up = (event: PointerEvent) => {
      const { id, moved } = dragging;
      setDragging(null);
      if (!moved) return;
      dropped.current = true;
      setTimeout(() => (dropped.current = false), 0);
      const plan = document.elementFromPoint(event.clientX, event.clientY)?.closest<SVGSVGElement>("svg[data-plan]");
      const at = plan ? siteAt(plan, event.clientX, event.clientY) : null;
      if (!at) return;
      dispatch({ type: "arm", componentId: id });
      dispatch({ type: "place", ...at });
      dispatch({ type: "disarm" });
      onPlaced(id);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", () => setDragging(null), { once: true });
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
    };
  }, [dragging, dispatch, onPlaced]);

  return (
    <div className="sticky top-16 z-20 rounded-t-xl border-b bg-card/95 backdrop-blur">
      <div
        role="toolbar"
        aria-label="Components"
        className="flex gap-2 overflow-x-auto p-2 [scrollbar-width:thin] md:flex-wrap"
      >
        {CATALOGUE.map((item) => (
          <button
            key={item.id}
            type="button"
            aria-pressed={armed === item.id}
            className={cn(
              "flex shrink-0 touch-pan-x items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium whitespace-nowrap select-none",
              "focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
              armed === item.id ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
            )}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              const from = { x: event.clientX, y: event.clientY };
              setDragging({ id: item.id, from, ...from, moved: false });
            }}
            onClick={() => {
              if (dropped.current) return;
              toast.info(`Selected ${item.name}. Click on the map to place it.`);
              dispatch({ type: "arm", componentId: item.id });
            }}
          >
            <span
              aria-hidden="true"
              className="size-3 rounded-full border border-white"
              style={{ background: COMPONENT_COLOURS[item.id] }}
            />
            {item.name}
          </button>
        ))}
      </div>
      <p className="px-3 pb-2 text-xs text-muted-foreground" role="status">
        {armed
          ? `Tap or click the plan to place ${catalogueItem(armed).name}; Esc stops.`
          : "Choose a component and tap the plan, or drag it onto the plan."}
      </p>
      {dragging?.moved ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-full rounded-md bg-foreground px-2 py-1 text-xs text-background shadow"
          style={{ left: dragging.x, top: dragging.y - 8 }}
        >
          {catalogueItem(dragging.id).name}
        </div>
      ) : null}
    </div>
  );
}
