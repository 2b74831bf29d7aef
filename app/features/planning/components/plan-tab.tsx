import { FileDownIcon, PlayIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";

import { Button } from "~/components/ui/button";
import { useFetcherToast, type ActionResult } from "~/lib/use-fetcher-toast";

import type { PlanInput } from "../engine/types";
import type { SavedPlan } from "../plan-store.server";
import { PlanEditor } from "./plan-editor/plan-editor";
import { PlanResults } from "./plan-results";

/**
 * The Charging Plan tab: the inputs (the last run's, or a first plan from
 * the depot's survey and layout), 'Run plan', progress while the server
 * computes, and the last results with the report to download.
 */
export function PlanTab({
  depotId,
  saved,
  defaults,
}: {
  depotId: number;
  saved: SavedPlan | null;
  defaults: PlanInput;
}) {
  const [inputs, setInputs] = useState<PlanInput>(() => saved?.inputs ?? defaults);
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
          void runner.submit({ intent: "run-plan", plan: JSON.stringify(inputs) }, { method: "post" });
        }}
        className="grid grid-cols-1 gap-6"
      >
        <PlanEditor value={inputs} onChange={setInputs} />
        {errors && errors.length > 0 ? (
          <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-medium">The plan was not run:</p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
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

      {running ? (
        <div className="grid gap-2" role="status">
          <label className="text-sm font-medium" htmlFor="plan-progress">
            Computing the plan: {saved.progress} of 4 strategies done
          </label>
          <progress id="plan-progress" className="h-2 w-full max-w-md accent-primary" value={saved.progress} max={4} />
        </div>
      ) : null}
      {saved?.status === "failed" && saved.error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          {saved.error}
        </p>
      ) : null}

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
          <PlanResults summary={saved.results} startWeekday={saved.inputs?.horizon.startWeekday ?? 0} />
        </section>
      ) : null}
    </div>
  );
}
