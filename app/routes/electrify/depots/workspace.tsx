import { data, Outlet, useLocation, useNavigate, useOutletContext } from "react-router";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { DepotPicker } from "~/features/depots";
import { listUserDepots, type ReachableDepot } from "~/features/depots/index.server";
import { chargersOf, useDesigner, type Designer, type Placed } from "~/features/designer";
import { getDesign } from "~/features/designer/index.server";
import { defaultPlanInput, type PlanRequest } from "~/features/planning";
import { getPlan, type SavedPlan } from "~/features/planning/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/workspace";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.depot ? `${loaderData.depot.name} | Depot Details | Electrify` : "Depot Details | Electrify" },
];

/** The workspace's tabs: each is a child route (/electrify/depots/:id/<tab>). */
const TABS = [
  { value: "layout", label: "Design Layout" },
  { value: "summary", label: "Summary" },
  { value: "trips", label: "Trips" },
  { value: "plan", label: "Charging Plan" },
] as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depots = await listUserDepots(runtime, user);
  const requested = parseId(params.id);
  const found = depots.find((d) => d.id === requested);
  const depot: WorkspaceDepot | null = found
    ? {
        id: found.id,
        name: found.name,
        address: found.address,
        vehicles: found.vehicles,
        status: found.status,
      }
    : null;
  const [design, plan] = depot
    ? await Promise.all([getDesign(runtime, user, depot.id), getPlan(runtime, user, depot.id)])
    : [null, null];
  const body = {
    depots: depots.map((d) => ({ id: d.id, name: d.name })),
    depot,
    design: design ?? [],
    plan,
    planDefaults: depot ? defaultPlanInput({ vehicles: depot.vehicles, chargers: chargersOf(design ?? []) }) : null,
  };
  // A depot that is not the user's answers like an unknown one: 404, with the picker to choose one of theirs.
  return depot ? body : data(body, { status: 404 });
}

/** The depot the workspace is open on (its haulier's own: no owner to name). */
export type WorkspaceDepot = Omit<ReachableDepot, "companyId">;

/** What the tabs (child routes) get from the workspace. */
export type WorkspaceContext = {
  depot: WorkspaceDepot;
  designer: Designer;
  plan: SavedPlan | null;
  planDefaults: PlanRequest;
};

export function useWorkspace(): WorkspaceContext {
  return useOutletContext<WorkspaceContext>();
}

export default function DepotWorkspacePage({ loaderData }: Route.ComponentProps) {
  const { depots, depot, design, plan, planDefaults } = loaderData;
  const navigate = useNavigate();
  const tab = useLocation().pathname.split("/").at(-1) ?? "layout";
  return (
    <section className="w-full px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Depot Details</h1>
        <DepotPicker
          depots={depots}
          current={depot ? depot.id : null}
          onPick={(id) => navigate(`/electrify/depots/${id}/${tabOrLayout(tab)}`)}
        />
      </div>
      {depot && planDefaults ? (
        <Workspace key={depot.id} depot={depot} design={design} plan={plan} planDefaults={planDefaults} tab={tab} />
      ) : (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">
          Depot not found. Choose one of your depots above.
        </p>
      )}
    </section>
  );
}

const tabOrLayout = (tab: string) => (TABS.some((t) => t.value === tab) ? tab : "layout");

/** The tabs of one depot; the designer's state lives here so it survives moving between them. */
function Workspace({
  depot,
  design,
  plan,
  planDefaults,
  tab,
}: Omit<WorkspaceContext, "designer"> & { design: Placed[]; tab: string }) {
  const navigate = useNavigate();
  const designer = useDesigner({ saved: design, saveTo: `/electrify/depots/${depot.id}/layout` });
  const context: WorkspaceContext = { depot, designer, plan, planDefaults };
  return (
    <Tabs
      value={tab}
      onValueChange={(value) => navigate(`/electrify/depots/${depot.id}/${value}`, { preventScrollReset: true })}
      className="mt-6"
    >
      <TabsList>
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={tab}>
        <Outlet context={context} />
      </TabsContent>
    </Tabs>
  );
}
