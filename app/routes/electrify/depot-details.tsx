import { Redo2Icon, SaveIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { useEffect, useId, useReducer, useState } from "react";
import { data, Link, useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";

import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { listCompanyDepots } from "~/features/company/company.server";
import { CATALOGUE, catalogueItem, SITE, type ComponentId } from "~/features/designer/catalogue";
import { DesignCanvas } from "~/features/designer/components/design-canvas";
import { DesignError, getDesign, saveDesign } from "~/features/designer/design-store.server";
import { designReducer, designStats, initialDesign, type Placed } from "~/features/designer/designer-state";
import { recommendationsFor } from "~/features/designer/recommendations";
import { PlanTab, type PlanActionData } from "~/features/planning/components/plan-tab";
import type { PlanInput } from "~/features/planning/engine";
import { defaultPlanInput } from "~/features/planning/plan-defaults";
import { getPlan, PlanInputError, startPlanRun, type SavedPlan } from "~/features/planning/plan-store.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { useFetcherToast, type ActionToast } from "~/lib/use-fetcher-toast";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/depot-details";

export const meta: Route.MetaFunction = () => [{ title: "Depot Details | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const url = new URL(request.url);
  const depots = await listCompanyDepots(runtime, user.id);
  const requested = parseId(url.searchParams.get("id"));
  const depot = url.searchParams.has("id") ? depots.find((d) => d.id === requested) : depots[0];
  const design = depot ? await getDesign(runtime, user.id, depot.id) : null;
  const plan = depot ? await getPlan(runtime, user.id, depot.id) : null;
  const tab = url.searchParams.get("tab");
  const body = {
    depots: depots.map((d) => ({ id: d.id, name: d.name })),
    depot: depot
      ? { id: depot.id, name: depot.name, address: depot.address, vehicles: depot.vehicles, status: depot.status }
      : null,
    design: design ?? [],
    plan,
    planDefaults: depot ? defaultPlanInput({ vehicles: depot.vehicles, chargers: designChargers(design ?? []) }) : null,
    tab: tab === "summary" || tab === "plan" ? tab : "design",
  };
  // An id that is not one of the user's depots answers like an unknown one.
  return depots.length > 0 && !depot ? data(body, { status: 404 }) : body;
}

/** The designed layout's chargers, grouped by model, for a first charging plan. */
function designChargers(design: Placed[]) {
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

type ActionData = { ok: boolean; toast: ActionToast };

/** How long 'Run plan' waits for the result before answering; longer plans report progress instead. */
const WAIT_FOR_PLAN_MS = 2000;

async function runPlan(userId: string, form: FormData) {
  let inputs: unknown;
  try {
    inputs = JSON.parse(String(form.get("plan") ?? ""));
  } catch {
    return data<PlanActionData>(
      {
        ok: false,
        toast: { type: "error", title: "The plan was not run" },
        errors: ["The plan's inputs were not readable."],
      },
      { status: 400 },
    );
  }
  try {
    const run = await startPlanRun(getRuntime(), userId, parseId(form.get("depotId")), inputs);
    const done = await Promise.race([
      run.finished.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), WAIT_FOR_PLAN_MS)),
    ]);
    return data<PlanActionData>({
      ok: true,
      toast: { type: "success", title: done ? "Charging plan computed" : "Computing the charging plan…" },
    });
  } catch (error) {
    if (error instanceof PlanInputError)
      return data<PlanActionData>(
        { ok: false, toast: { type: "error", title: "The plan was not run" }, errors: error.messages },
        { status: 400 },
      );
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  // A plan may carry a year of 5-minute building readings in its one JSON field.
  const form = await readForm(request, { fields: 10, fieldSize: 16 * 1024 * 1024 });
  if (form.get("intent") === "run-plan") return runPlan(user.id, form);
  if (form.get("intent") !== "save-design")
    return data<ActionData>({ ok: false, toast: { type: "error", title: "Unknown action" } }, { status: 400 });
  let components: unknown;
  try {
    components = JSON.parse(String(form.get("components") ?? ""));
  } catch {
    return data<ActionData>(
      { ok: false, toast: { type: "error", title: "The design could not be saved: it was not readable" } },
      { status: 400 },
    );
  }
  try {
    await saveDesign(getRuntime(), user.id, parseId(form.get("depotId")), components);
  } catch (error) {
    if (error instanceof DesignError)
      return data<ActionData>({ ok: false, toast: { type: "error", title: error.message } }, { status: 400 });
    throw error;
  }
  return data<ActionData>({ ok: true, toast: { type: "success", title: "Depot design saved successfully" } });
}

export default function DepotDetailsPage({ loaderData }: Route.ComponentProps) {
  const { depots, depot, design, tab, plan, planDefaults } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const pickerId = useId();
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(name);
    else next.set(name, value);
    setSearchParams(next, { preventScrollReset: true });
  };

  if (depots.length === 0) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight">Depot Details</h1>
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>No depots yet</CardTitle>
            <CardDescription>Add your depots in Company Setup, then lay out their chargers here.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/electrify/company-setup?tab=depots">Add Depots</Link>
            </Button>
          </CardContent>
        </Card>
      </section>
    );
  }

  return (
    <section className="w-full px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Depot Details</h1>
        <div className="grid gap-1">
          <Label htmlFor={pickerId}>Depot</Label>
          <NativeSelect
            id={pickerId}
            value={depot ? String(depot.id) : ""}
            onChange={(event) => setParam("id", event.currentTarget.value)}
            wrapperClassName="w-72"
          >
            {depot ? null : <option value="">Choose a depot</option>}
            {depots.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {depot ? (
        <DepotWorkspace
          key={depot.id}
          depot={depot}
          saved={design}
          plan={plan}
          planDefaults={planDefaults!}
          tab={tab}
          onTab={(value) => setParam("tab", value === "summary" || value === "plan" ? value : null)}
        />
      ) : (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">
          Depot not found. Choose one of your depots above.
        </p>
      )}
    </section>
  );
}

type Depot = { id: number; name: string; address: string; vehicles: number | null; status: string };

function DepotWorkspace({
  depot,
  saved,
  plan,
  planDefaults,
  tab,
  onTab,
}: {
  depot: Depot;
  saved: Placed[];
  plan: SavedPlan | null;
  planDefaults: PlanInput;
  tab: string;
  onTab: (value: string) => void;
}) {
  const [state, dispatch] = useReducer(designReducer, saved, initialDesign);
  const saver = useFetcher<ActionData>();
  useFetcherToast(saver.data);
  // What the server holds: the loaded design, then whatever a save confirmed.
  const [savedJson, setSavedJson] = useState(() => JSON.stringify(saved));
  const [sentJson, setSentJson] = useState<string | null>(null);
  const [handled, setHandled] = useState<ActionData | undefined>();
  if (saver.state === "idle" && saver.data && handled !== saver.data) {
    setHandled(saver.data);
    if (saver.data.ok && sentJson !== null) setSavedJson(sentJson);
  }
  const currentJson = JSON.stringify(state.placed);
  const unsaved = currentJson !== savedJson;
  const stats = designStats(state.placed);
  const recommendations = recommendationsFor(stats.totalKw);

  const save = () => {
    setSentJson(currentJson);
    void saver.submit(
      { intent: "save-design", depotId: String(depot.id), components: currentJson },
      { method: "post" },
    );
  };

  // Keyboard shortcuts while the designer is open.
  useEffect(() => {
    if (tab !== "design") return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === "z") {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? "redo" : "undo" });
      } else if (mod && event.key.toLowerCase() === "y") {
        event.preventDefault();
        dispatch({ type: "redo" });
      } else if (mod && event.key.toLowerCase() === "s") {
        event.preventDefault();
        save();
      } else if (event.key === "Delete" || event.key === "Backspace") {
        if (state.selected) {
          event.preventDefault();
          dispatch({ type: "delete" });
        }
      } else if (event.key === "Escape") {
        dispatch({ type: "disarm" });
      } else if (event.key.startsWith("Arrow") && state.selected) {
        event.preventDefault();
        const step = event.shiftKey ? 1 : 0.5;
        const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
          event.key
        ] ?? [0, 0];
        dispatch({ type: "nudge", dx: delta[0]!, dy: delta[1]! });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  const selectedItem = state.placed.find((p) => p.uid === state.selected);

  return (
    <Tabs value={tab} onValueChange={onTab} className="mt-6">
      <TabsList>
        <TabsTrigger value="design">Design Layout</TabsTrigger>
        <TabsTrigger value="summary">Summary</TabsTrigger>
        <TabsTrigger value="plan">Charging Plan</TabsTrigger>
      </TabsList>
      <TabsContent value="design">
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
          <Card className="gap-0 overflow-hidden py-0">
            <DesignCanvas
              placed={state.placed}
              armed={state.armed}
              selected={state.selected}
              dispatch={dispatch}
              onPlaced={(componentId: ComponentId) =>
                toast.success(`${catalogueItem(componentId).name} placed on the map`)
              }
            />
          </Card>
          <div className="grid content-start gap-6">
            <Card>
              <CardHeader>
                <CardTitle>Components</CardTitle>
                <CardDescription>Choose one, then click on the plan.</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-2">
                {CATALOGUE.map((item) => (
                  <Button
                    key={item.id}
                    type="button"
                    variant={state.armed === item.id ? "default" : "outline"}
                    aria-pressed={state.armed === item.id}
                    className="justify-start"
                    onClick={() => {
                      toast.info(`Selected ${item.name}. Click on the map to place it.`);
                      dispatch({ type: "arm", componentId: item.id });
                    }}
                  >
                    {item.name}
                  </Button>
                ))}
                <p className="text-xs text-muted-foreground">
                  Drag to move; arrows nudge 0.5 m (Shift: 1 m); Delete removes; Ctrl+Z / Ctrl+Y undo and redo; Ctrl+S
                  saves; Esc stops placing.
                </p>
              </CardContent>
            </Card>
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
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => dispatch({ type: "delete" })}
                  disabled={!selectedItem}
                >
                  <Trash2Icon aria-hidden="true" />{" "}
                  {selectedItem ? `Delete ${catalogueItem(selectedItem.componentId).name}` : "Delete selected"}
                </Button>
                <Button type="button" onClick={save} disabled={saver.state !== "idle"}>
                  <SaveIcon aria-hidden="true" /> {saver.state !== "idle" ? "Saving..." : "Save Design"}
                </Button>
                <p className={cn("text-sm", unsaved ? "text-amber-800" : "text-muted-foreground")} role="status">
                  {unsaved ? "Unsaved changes" : "All changes saved"}
                </p>
              </CardContent>
            </Card>
          </div>
        </div>
      </TabsContent>
      <TabsContent value="summary">
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>{depot.name}</CardTitle>
              <CardDescription>{depot.address}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p>
                Status: <StatusBadge status={depot.status} />
              </p>
              <p>Vehicles: {depot.vehicles ?? "Not specified"}</p>
              <p>
                Site plan: {SITE.width} × {SITE.depth} m
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Charging Requirements</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p>
                Total charger power: <strong>{stats.totalKw} kW</strong>
              </p>
              <p>
                Chargers:{" "}
                <strong>
                  {stats.byComponent
                    .filter((c) => catalogueItem(c.componentId).type === "charger")
                    .reduce((sum, c) => sum + c.count, 0)}
                </strong>
                {depot.vehicles ? ` for ${depot.vehicles} vehicles` : ""}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Component Breakdown</CardTitle>
            </CardHeader>
            <CardContent>
              {stats.count === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing placed yet.</p>
              ) : (
                <Table aria-label="Component breakdown">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Component</TableHead>
                      <TableHead>Count</TableHead>
                      <TableHead>Power</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {stats.byComponent.map((row) => (
                      <TableRow key={row.componentId}>
                        <TableCell>{row.name}</TableCell>
                        <TableCell>{row.count}</TableCell>
                        <TableCell>{row.kw > 0 ? `${row.kw} kW` : "—"}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Recommendations</CardTitle>
            </CardHeader>
            <CardContent>
              {recommendations ? (
                <ul className="grid list-disc gap-1 pl-5 text-sm" aria-label="Recommendations">
                  <li>Transformer: {recommendations.transformerMva} MVA</li>
                  <li>Distribution boards: {recommendations.distributionBoards}</li>
                  <li>A power management system</li>
                  <li>{recommendations.storage === "battery storage" ? "Battery storage" : "Load balancing"}</li>
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">Place chargers in the designer to see recommendations.</p>
              )}
            </CardContent>
          </Card>
        </div>
        <Button type="button" variant="outline" className="mt-6" onClick={() => onTab("design")}>
          Return to Designer
        </Button>
      </TabsContent>
      <TabsContent value="plan">
        <PlanTab depotId={depot.id} saved={plan} defaults={planDefaults} />
      </TabsContent>
    </Tabs>
  );
}
