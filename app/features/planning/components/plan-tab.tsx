import { FileDownIcon, PlayIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";

import { Button } from "~/components/ui/button";
import { AC_VEHICLE_MAX_KW, STRATEGIES } from "~/features/charging-engine";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { describeChargerGroups } from "../plan-defaults";
import type { PlanRequest } from "../plan-input";
import type { SavedPlan } from "../plan-store.server";
import { PLAN_STEPS, type SizingSummary } from "../plan-summary";
import type { ScenarioRow } from "../scenario-store.server";
import { PlanEditor } from "./plan-editor/plan-editor";
import type { LayoutLink } from "./plan-feasibility";
import { PlanResults } from "./plan-results";
import { ScenariosCard } from "./scenarios-card";

/** The inputs in one line: "30 vehicles in 1 group · 8 chargers · 210 kVA · Day/night · 7 days at 15 min". */
function describeInputs(inputs: PlanRequest): string {
  const vehicles = inputs.vehicles.reduce((sum, g) => sum + g.count, 0);
  const chargers = describeChargerGroups(inputs.chargers);
  const groups = inputs.vehicles.length;
  return [
    `${vehicles} vehicle${vehicles === 1 ? "" : "s"} in ${groups} group${groups === 1 ? "" : "s"}`,
    `chargers ${chargers}`,
    `connection ${inputs.site.connectionKva.toLocaleString("en-GB")} kVA`,
    inputs.tariff.name,
    `${inputs.horizon.days} day${inputs.horizon.days === 1 ? "" : "s"} at ${inputs.horizon.stepMinutes} min`,
  ].join(" · ");
}

/**
 * The Charging Plan tab: the inputs (the last run's, or a first plan from
 * the depot's survey and layout), 'Run plan', progress while the server
 * computes, and the last results with the report to download.
 */
export function PlanTab({
  depotId,
  saved,
  defaults,
  scenarios,
  layout,
}: {
  depotId: number;
  saved: SavedPlan | null;
  defaults: PlanRequest;
  scenarios: ScenarioRow[];
  /** The depot's layout, when the plan is shown beside it, so sized chargers can be put on it. */
  layout?: LayoutLink;
}) {
  const [inputs, setInputs] = useState<PlanRequest>(() => saved?.inputs ?? defaults);
  // With results to read (or on their way, as after "Plan from recorded days"), the inputs start folded into one line above them.
  const [showInputs, setShowInputs] = useState(() => !saved?.results && saved?.status !== "running");
  const runner = useFetcher<ActionResult>();
  useFetcherToast(runner.data);
  const revalidator = useRevalidator();
  const running = saved?.status === "running";

  // While the server computes, look again every second for progress and results.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const submitting = runner.state !== "idle";
  const run = (plan: PlanRequest) =>
    void runner.submit({ intent: "run-plan", plan: JSON.stringify(plan) }, { method: "post" });
  // The sized chargers replace the plan's: AC ones for the vehicle types that charge on AC, DC for any.
  const useChargers = (sized: SizingSummary["chargers"]) => {
    const acTypes = inputs.vehicleTypes.filter((t) => t.maxChargeKw <= AC_VEHICLE_MAX_KW).map((t) => t.id);
    const next: PlanRequest = {
      ...inputs,
      chargers: sized.map((c) => ({
        id: `sized-${c.kind}-${c.powerKw}`,
        name: `${c.kind} ${c.powerKw} kW`,
        count: c.count,
        powerKw: c.powerKw,
        serves: c.kind === "DC" || acTypes.length === 0 ? ("all" as const) : acTypes,
      })),
    };
    setInputs(next);
    run(next);
  };
  const errors = runner.state === "idle" && runner.data && !runner.data.ok ? runner.data.messages : undefined;
  // Compared as text only when either side changes (not on every progress poll): a year of building-load readings is a large object.
  const savedJson = useMemo(() => (saved?.inputs ? JSON.stringify(saved.inputs) : null), [saved?.inputs]);
  const changed = useMemo(() => savedJson !== null && savedJson !== JSON.stringify(inputs), [savedJson, inputs]);

  return (
    <div className="grid grid-cols-1 gap-8">
      <form
        aria-label="Charging plan inputs"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run(inputs);
        }}
        className="grid grid-cols-1 gap-6"
      >
        <details
          open={showInputs}
          onToggle={(event) => setShowInputs(event.currentTarget.open)}
          className="group rounded-md border"
        >
          <summary className="cursor-pointer px-4 py-3 text-sm">
            <span className="font-medium">Inputs</span>{" "}
            <span className="text-muted-foreground" data-testid="inputs-summary">
              {describeInputs(inputs)}
            </span>
          </summary>
          <div className="border-t p-4">
            <PlanEditor value={inputs} onChange={setInputs} />
          </div>
        </details>
        <NotRun errors={errors} />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={submitting || running}>
            <PlayIcon aria-hidden="true" /> {submitting || running ? "Computing..." : "Run plan"}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setInputs(defaults)} disabled={submitting}>
            Start again from the survey and layout
          </Button>
          <p className="text-sm text-muted-foreground" role="status">
            {running
              ? null
              : changed
                ? "Inputs changed since the last run"
                : saved?.inputs
                  ? "These inputs are saved with the depot"
                  : "Not run yet"}
          </p>
        </div>
      </form>

      {saved ? <PlanProgress saved={saved} /> : null}
      {saved?.results ? (
        <section aria-labelledby="plan-results-title" className="grid grid-cols-1 gap-4">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 id="plan-results-title" className="text-xl font-semibold">
              Results{running ? " (previous run)" : ""}
            </h2>
            <Button asChild variant="outline">
              <a href={`/electrify/depots/${depotId}/report`} download>
                <FileDownIcon aria-hidden="true" /> Download report (PDF)
              </a>
            </Button>
          </div>
          <PlanResults
            summary={saved.results}
            startWeekday={saved.inputs?.horizon.startWeekday ?? 0}
            onUseChargers={running ? undefined : useChargers}
            layout={layout}
            busy={submitting}
          />
        </section>
      ) : null}
      <ScenariosCard
        scenarios={scenarios}
        canSave={Boolean(saved?.results) && !running}
        onOpen={(next) => {
          setInputs(next);
          setShowInputs(true);
        }}
      />
    </div>
  );
}

/** While the server computes: how far it has got; after a run that failed: why. */
function PlanProgress({ saved }: { saved: SavedPlan }) {
  return (
    <>
      {saved.status === "running" ? (
        <div className="grid gap-2" role="status">
          <label className="text-sm font-medium" htmlFor="plan-progress">
            {saved.progress < STRATEGIES.length
              ? `Computing the plan: ${saved.progress} of ${STRATEGIES.length} strategies done`
              : "Sizing the chargers the fleet needs"}
          </label>
          <progress
            id="plan-progress"
            className="h-2 w-full max-w-md accent-primary"
            value={saved.progress}
            max={PLAN_STEPS}
          />
        </div>
      ) : null}
      {saved.status === "failed" && saved.error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {saved.error}
        </p>
      ) : null}
    </>
  );
}

/** Why the plan was not run: every message of the refusal (its inputs named), above the button. */
function NotRun({ errors }: { errors: string[] | undefined }) {
  if (!errors || errors.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">The plan was not run:</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
