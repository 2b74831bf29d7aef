import { data, redirect } from "react-router";

import { requireDepot, type DepotViewer } from "~/features/depots/index.server";
import { chargersOf } from "~/features/designer";
import { getDesign } from "~/features/designer/index.server";
import { defaultPlanInput, type PlanRequest } from "~/features/planning";
import { getPlan, startCheckedPlanRun } from "~/features/planning/index.server";
import { MAX_TRIP_FILE_MB, TripsTab } from "~/features/trips";
import {
  deleteTripImport,
  importTrips,
  loadTripView,
  previewTrips,
  viewChoicesSchema,
} from "~/features/trips/index.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { jsonField, readForm } from "~/lib/request-body.server";
import { getRuntime, type Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/trips";
import { useWorkspace } from "./workspace";

/** The plan the record is planned with: the depot's saved plan (its chargers, site, tariff), or a first one. */
async function basePlan(runtime: Runtime, viewer: DepotViewer, depotId: number): Promise<PlanRequest> {
  const [plan, design] = await Promise.all([getPlan(runtime, viewer, depotId), getDesign(runtime, viewer, depotId)]);
  return plan?.inputs ?? defaultPlanInput({ vehicles: null, chargers: chargersOf(design ?? []) });
}

const choicesFrom = (values: Iterable<[string, FormDataEntryValue]>) =>
  viewChoicesSchema.parse(Object.fromEntries([...values].filter(([, v]) => typeof v === "string" && v !== "")));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depotId = parseId(params.id);
  const choices = choicesFrom(new URL(request.url).searchParams.entries());
  const base = await basePlan(runtime, user, depotId).catch(() => null);
  const loaded = base ? await loadTripView(runtime, user, depotId, base, choices) : null;
  return {
    view: loaded?.view ?? null,
    types: base?.vehicleTypes.map((t) => ({ id: t.id, name: t.name })) ?? [],
    maxFileMb: MAX_TRIP_FILE_MB,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const depotId = parseId(params.id);
  // Every intent changes the depot's trips: someone else's depot (or none) answers 404, and a role that may not change
  // it 403, before an upload of up to 80 MB is read or parsed.
  await requireDepot(getRuntime().database.db, user, depotId, "depot.change").catch((error: unknown) => {
    throw error instanceof UserError ? data(error.message, { status: error.status }) : error;
  });
  const form = await readForm(request, { files: 1, fileSize: MAX_TRIP_FILE_MB * 1024 * 1024, fields: 20 });
  const file = () => {
    const value = form.get("file");
    if (!(value instanceof File)) throw new UserError("Choose a trip export (.csv or .xlsx) to import.");
    return value;
  };
  const plan = async (kind: "recorded" | "typical") => {
    const runtime = getRuntime();
    const base = await basePlan(runtime, user, depotId);
    const choices = choicesFrom(form.entries());
    const inputs = (await loadTripView(runtime, user, depotId, base, choices, kind))?.inputs;
    if (!inputs) throw new UserError("Import the fleet's trips first.");
    await startCheckedPlanRun(runtime, user, depotId, inputs);
    return redirect(`/electrify/depots/${depotId}/plan`);
  };
  return handleIntent(form, getRuntime(), {
    preview: {
      refusedTitle: "The file could not be read",
      run: async (_form, deps) => succeeded(null, { preview: await previewTrips(deps, file()) }, "preview"),
    },
    import: {
      refusedTitle: "Nothing was imported",
      run: async (form, deps) => {
        const choices = jsonField(form, "choices", "The import settings could not be read.");
        const summary = await importTrips(deps, user, depotId, file(), choices);
        const skipped = summary.problemCount ? ` (${summary.problemCount.toLocaleString("en-GB")} rows skipped)` : "";
        return succeeded(
          `Imported ${summary.trips.toLocaleString("en-GB")} trips for ${summary.vehicles} vehicles${skipped}`,
          { summary },
          "import",
        );
      },
    },
    "delete-trips": {
      refusedTitle: "The trips were not removed",
      run: async (_form, deps) => {
        await deleteTripImport(deps, user, depotId);
        return succeeded("Imported trips removed");
      },
    },
    "plan-recorded": { refusedTitle: "The plan was not run", run: () => plan("recorded") },
    "plan-typical": { refusedTitle: "The plan was not run", run: () => plan("typical") },
  });
}

export default function DepotTripsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { depot } = useWorkspace();
  // The plan buttons post the page's own form (the other intents answer their fetchers): a refusal comes back here.
  const refused = actionData && !actionData.ok && actionData.intent?.startsWith("plan-") ? actionData : undefined;
  return (
    <TripsTab
      depotId={depot.id}
      view={loaderData.view}
      types={loaderData.types}
      maxFileMb={loaderData.maxFileMb}
      planRefusal={refused ? (refused.messages ?? [refused.errors.form ?? "Please try again."]) : undefined}
    />
  );
}
