import { useRef, useState } from "react";

import { cn } from "~/lib/utils";

import { catalogueItem, COMPONENT_COLOURS, MARKER_M, SITE, type ComponentId } from "../catalogue";
import type { DesignAction, Placed } from "../designer-state";

const SYMBOLS: Record<ComponentId, string> = {
  ac7charger: "7",
  ac11charger: "11",
  ac22charger: "22",
  fastcharger: "50",
  rapidcharger: "150",
  ultracharger: "350",
  parking: "P",
  transformer: "T",
};

/**
 * The depot plan: the site in metres with a 1 m and 10 m grid, each
 * component drawn at its real footprint. A click places the armed
 * component; components can be selected, dragged, and moved with the
 * arrow keys.
 */
/** The point on the site (metres) under a point on the screen. */
export function siteAt(plan: SVGSVGElement, clientX: number, clientY: number): { x: number; y: number } | null {
  const matrix = plan.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

export function DesignCanvas({
  placed,
  armed,
  selected,
  dispatch,
  onPlaced,
}: {
  placed: Placed[];
  armed: ComponentId | null;
  selected: string | null;
  dispatch: (action: DesignAction) => void;
  onPlaced: (componentId: ComponentId) => void;
}) {
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ uid: string; x: number; y: number; moved: boolean } | null>(null);
  // A press on a component (to select or drag it) ends in a click on the plan, which must not place or deselect.
  const pressedItem = useRef(false);

  const toSite = (event: { clientX: number; clientY: number }) =>
    svg.current ? siteAt(svg.current, event.clientX, event.clientY) : null;

  return (
    <svg
      ref={svg}
      viewBox={`-2 -2 ${SITE.width + 4} ${SITE.depth + 4}`}
      data-plan="true"
      // Sized to the site, never letterboxed; on a phone wider than the screen (it scrolls sideways inside its card) so markers are big enough to tap.
      className={cn(
        "block aspect-[94/64] h-auto w-full min-w-[720px] touch-pan-x touch-pan-y bg-white md:min-w-0",
        armed && "cursor-crosshair",
      )}
      role="group"
      aria-label={`Depot plan, ${SITE.width} by ${SITE.depth} metres${armed ? `: click to place ${catalogueItem(armed).name}` : ""}`}
      // Armed: a click or tap anywhere places (a charger may go at the head of a parking bay); on a click, not on touching down, so a finger can still scroll the plan. Otherwise a click on the ground deselects.
      onClick={(event) => {
        if (pressedItem.current) {
          pressedItem.current = false;
          return;
        }
        if (armed) {
          const at = toSite(event);
          if (!at) return;
          dispatch({ type: "place", x: at.x, y: at.y });
          onPlaced(armed);
        } else if (event.target === event.currentTarget || (event.target as Element).closest("[data-site]")) {
          dispatch({ type: "select", uid: null });
        }
      }}
      onPointerMove={(event) => {
        if (!drag) return;
        const at = toSite(event);
        if (at) setDrag({ ...drag, x: at.x, y: at.y, moved: true });
      }}
      onPointerUp={() => {
        if (drag?.moved) dispatch({ type: "move", uid: drag.uid, x: drag.x, y: drag.y });
        setDrag(null);
      }}
    >
      <SiteGrid />
      {placed.map((item) => {
        const spec = catalogueItem(item.componentId);
        const x = drag?.uid === item.uid ? drag.x : item.x;
        const y = drag?.uid === item.uid ? drag.y : item.y;
        const isSelected = item.uid === selected;
        return (
          <g
            key={item.uid}
            role="button"
            tabIndex={0}
            aria-pressed={isSelected}
            aria-label={`${spec.name} at ${item.x.toFixed(1)} m, ${item.y.toFixed(1)} m`}
            data-component={item.componentId}
            className="cursor-move touch-none outline-none focus-visible:[&>circle]:stroke-[0.5]"
            onPointerDown={(event) => {
              if (armed) return;
              event.stopPropagation();
              pressedItem.current = true;
              (event.currentTarget.ownerSVGElement ?? event.currentTarget).setPointerCapture?.(event.pointerId);
              dispatch({ type: "select", uid: item.uid });
              setDrag({ uid: item.uid, x: item.x, y: item.y, moved: false });
            }}
            onFocus={() => dispatch({ type: "select", uid: item.uid })}
          >
            <rect
              x={x - spec.width / 2}
              y={y - spec.depth / 2}
              width={spec.width}
              height={spec.depth}
              fill={COMPONENT_COLOURS[item.componentId]}
              fillOpacity={spec.id === "parking" ? 0.15 : 0.9}
              stroke={COMPONENT_COLOURS[item.componentId]}
              strokeWidth={0.15}
            />
            {spec.id === "parking" ? null : (
              <circle
                cx={x}
                cy={y}
                r={MARKER_M}
                fill={COMPONENT_COLOURS[item.componentId]}
                fillOpacity={0.85}
                stroke={isSelected ? "#0f172a" : "#fff"}
                strokeWidth={isSelected ? 0.4 : 0.2}
              />
            )}
            {spec.id === "parking" && isSelected ? (
              <rect
                x={x - spec.width / 2}
                y={y - spec.depth / 2}
                width={spec.width}
                height={spec.depth}
                fill="none"
                stroke="#0f172a"
                strokeWidth={0.4}
              />
            ) : null}
            <text
              x={x}
              y={y + 0.5}
              fontSize={1.4}
              textAnchor="middle"
              className="pointer-events-none fill-white font-semibold"
              style={spec.id === "parking" ? { fill: "#334155" } : undefined}
            >
              {SYMBOLS[item.componentId]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The site: its ground with a metre grid, every tenth line darker, and its size under it. */
function SiteGrid() {
  const lines = [];
  for (let x = 0; x <= SITE.width; x++)
    lines.push(
      <line
        key={`x${x}`}
        x1={x}
        y1={0}
        x2={x}
        y2={SITE.depth}
        className={x % 10 === 0 ? "stroke-slate-400" : "stroke-slate-200"}
        strokeWidth={x % 10 === 0 ? 0.12 : 0.05}
      />,
    );
  for (let y = 0; y <= SITE.depth; y++)
    lines.push(
      <line
        key={`y${y}`}
        x1={0}
        y1={y}
        x2={SITE.width}
        y2={y}
        className={y % 10 === 0 ? "stroke-slate-400" : "stroke-slate-200"}
        strokeWidth={y % 10 === 0 ? 0.12 : 0.05}
      />,
    );
  return (
    <g data-site="true">
      <rect x={0} y={0} width={SITE.width} height={SITE.depth} className="fill-slate-50" />
      {lines}
      <text x={0.5} y={SITE.depth + 1.6} fontSize={1.2} className="fill-slate-500">
        10 m grid · site {SITE.width} × {SITE.depth} m
      </text>
    </g>
  );
}
