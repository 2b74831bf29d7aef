import { Redo2Icon, SaveIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/utils";

import { catalogueItem, type ComponentId } from "../catalogue";
import { useDesignerShortcuts, type Designer } from "../use-designer";
import { DesignCanvas } from "./design-canvas";
import { DesignPalette } from "./design-palette";

/** The Design Layout tab: the site plan to place components on, the catalogue, the layout's figures and saving. */
export function DesignPanel({ designer }: { designer: Designer }) {
  useDesignerShortcuts(designer);
  const { state, dispatch } = designer;
  const onPlaced = (componentId: ComponentId) => toast.success(`${catalogueItem(componentId).name} placed on the map`);
  return (
    <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
      {/* No overflow clipping here: the palette sticks to the top of the screen while the page scrolls. */}
      <Card className="min-w-0 gap-0 py-0">
        <DesignPalette armed={state.armed} dispatch={dispatch} onPlaced={onPlaced} />
        <div className="overflow-x-auto">
          <DesignCanvas
            placed={state.placed}
            armed={state.armed}
            selected={state.selected}
            dispatch={dispatch}
            onPlaced={onPlaced}
          />
        </div>
        <p className="border-t px-4 py-3 text-xs text-muted-foreground">
          Drag to move; arrows nudge 0.5 m (Shift: 1 m); Delete removes; Ctrl+Z / Ctrl+Y undo and redo; Ctrl+S saves;
          Esc stops placing. On a phone the plan scrolls sideways.
        </p>
      </Card>
      <div className="grid content-start gap-6">
        <StatsCard designer={designer} />
        <EditCard designer={designer} />
      </div>
    </div>
  );
}

function StatsCard({ designer: { stats } }: { designer: Designer }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Design Stats</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <div>
            <dt className="text-sm text-muted-foreground">Components</dt>
            <dd className="text-2xl font-semibold" data-testid="component-count">
              {stats.count}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Total power</dt>
            <dd className="text-2xl font-semibold" data-testid="total-power">
              {stats.totalKw} kW
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function EditCard({ designer }: { designer: Designer }) {
  const { state, dispatch, stats, selectedItem, save, saving, unsaved } = designer;
  return (
    <Card>
      <CardContent className="grid gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={stats.count === 0}
          onClick={() => {
            dispatch({ type: "undo-last-placement" });
            toast.info("Removed last placed component");
          }}
        >
          Undo Last Placement
        </Button>
        <div className="grid grid-cols-2 gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => dispatch({ type: "undo" })}
            disabled={state.past.length === 0}
          >
            <Undo2Icon aria-hidden="true" /> Undo
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => dispatch({ type: "redo" })}
            disabled={state.future.length === 0}
          >
            <Redo2Icon aria-hidden="true" /> Redo
          </Button>
        </div>
        <Button type="button" variant="outline" onClick={() => dispatch({ type: "delete" })} disabled={!selectedItem}>
          <Trash2Icon aria-hidden="true" />{" "}
          {selectedItem ? `Delete ${catalogueItem(selectedItem.componentId).name}` : "Delete selected"}
        </Button>
        <Button type="button" onClick={() => save()} disabled={saving}>
          <SaveIcon aria-hidden="true" /> {saving ? "Saving..." : "Save Design"}
        </Button>
        <p className={cn("text-sm", unsaved ? "text-amber-800" : "text-muted-foreground")} role="status">
          {unsaved ? "Unsaved changes" : "All changes saved"}
        </p>
      </CardContent>
    </Card>
  );
}
