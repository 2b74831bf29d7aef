import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { CLOCK_FIELD, TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { answered, asked, delivered } from "../flex-text";
import type { FlexView } from "../flex-view";

/** A request's cancel button; the fetcher is the card's, so its toast outlives the button (gone once cancelled). */
function Cancel({ view, fetcher }: { view: FlexView; fetcher: ReturnType<typeof useFetcher<ActionResult>> }) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel-flex" />
      <input type="hidden" name="flexId" value={view.id} />
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        Cancel <span className="sr-only">{view.name}</span>
      </Button>
    </fetcher.Form>
  );
}

/** The network's flexibility requests for the depot, each with its answer and, once passed, its delivery. */
export function FlexCard({ requests, canChange, now }: { requests: FlexView[]; canChange: boolean; now: string }) {
  const cancel = useFetcher<ActionResult>();
  useFetcherToast(cancel.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Flexibility requests</CardTitle>
        <CardDescription>
          The network pays for drawing less at set times. Each request is answered from the depot&apos;s plan with what
          the fleet can spare without a vehicle leaving shorter, the site is held to it, and the delivery is measured
          from the chargers&apos; meters once the window has passed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {requests.length === 0 ? <p className="text-sm text-muted-foreground">No requests yet.</p> : null}
        <ul className="grid gap-3">
          {requests.map((view) => (
            <li key={view.id} className="grid gap-2 rounded-md border p-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-medium">
                    {view.name}{" "}
                    <span className="text-muted-foreground">
                      (
                      {view.source === "openadr" ? "from the network's VTN" : `by hand, ${view.createdBy ?? "someone"}`}
                      )
                    </span>
                  </p>
                  <p className="text-muted-foreground">{asked(view)}</p>
                </div>
                {canChange && view.status === "offered" && view.until > now ? (
                  <Cancel view={view} fetcher={cancel} />
                ) : null}
              </div>
              <p>{answered(view)}</p>
              {delivered(view) ? <p className="font-medium">{delivered(view)}</p> : null}
            </li>
          ))}
        </ul>
        {canChange ? <RequestForm /> : null}
      </CardContent>
    </Card>
  );
}

/** A request taken by hand (one the network sent by e-mail or through a flexibility platform). */
function RequestForm() {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const form = useRef<HTMLFormElement>(null);
  const done = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (done) form.current?.reset();
  }, [done]);
  return (
    <fetcher.Form ref={form} method="post" className="grid items-start gap-4 border-t pt-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="request-flex" />
      <p className="text-sm font-medium sm:col-span-2">Take a request (UK time)</p>
      <TextField label="Request name" name="name" maxLength={100} required error={errors.name} />
      <TextField label="Day" name="day" type="date" required error={errors.day} />
      <TextField label="Starts at" name="from" {...CLOCK_FIELD} required error={errors.from} />
      <TextField label="Ends at" name="until" {...CLOCK_FIELD} required error={errors.until} />
      <TextField
        label="Turn-down asked (kW)"
        name="askedKw"
        type="number"
        min={0}
        step="any"
        hint="Empty: as much as the fleet can spare"
        error={errors.askedKw}
      />
      <TextField
        label="Price (£ per MWh)"
        name="poundsPerMwh"
        type="number"
        min={0}
        step="any"
        error={errors.poundsPerMwh}
      />
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="flex-baseline">Paid on</Label>
        <NativeSelect
          id="flex-baseline"
          name="baseline"
          defaultValue="nominated"
          aria-describedby={errors.baseline ? "flex-baseline-hint flex-baseline-error" : "flex-baseline-hint"}
        >
          <option value="nominated">A nominated baseline</option>
          <option value="historical">A historical baseline</option>
        </NativeSelect>
        <p id="flex-baseline-hint" className="text-sm text-muted-foreground">
          Nominated: the plan&apos;s draw, given with the answer. Historical: what the chargers drew in the same window
          on like days (the middle four of the last ten working days, or the last four of that weekday at a weekend).
        </p>
        {errors.baseline ? (
          <p id="flex-baseline-error" className="text-sm text-destructive">
            {errors.baseline}
          </p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Answer the request
        </Button>
      </div>
    </fetcher.Form>
  );
}
