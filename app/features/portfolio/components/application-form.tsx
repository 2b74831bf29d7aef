import { useId, useState } from "react";
import { useFetcher } from "react-router";

import { TextAreaField } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { APPLICATION_STAGES, STAGE_LABELS, type ApplicationStage } from "../application-input";
import type { Application } from "../applications.server";
import { ukDay } from "../roadmap-labels";

const reached = (stage: ApplicationStage, at: ApplicationStage) =>
  APPLICATION_STAGES.indexOf(stage) >= APPLICATION_STAGES.indexOf(at);

/**
 * The application's stage and what each stage brings. Fields for later
 * stages appear as the stage moves on; the server checks each stage has its
 * dates and figures.
 */
export function ApplicationForm({ application }: { application: Application | null }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const [stage, setStage] = useState<ApplicationStage>(application?.stage ?? "budget-requested");
  const stageId = useId();
  const value = (v: number | string | null | undefined) => (v === null || v === undefined ? "" : String(v));
  return (
    <Card>
      <CardHeader>
        <CardTitle>The application</CardTitle>
        <CardDescription>
          {application
            ? `${STAGE_LABELS[application.stage]}; last changed ${ukDay(application.updatedAt)}.`
            : "Not applied for yet. Record the request for a budget estimate when it is made."}{" "}
          The roadmap uses the quote&apos;s energisation date and capacity once there is one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          <div className="grid gap-2">
            <Label htmlFor={stageId}>Stage</Label>
            <NativeSelect
              id={stageId}
              name="stage"
              value={stage}
              onChange={(event) => setStage(event.target.value as ApplicationStage)}
              aria-describedby={errors.stage ? `${stageId}-error` : undefined}
            >
              {APPLICATION_STAGES.map((s) => (
                <option key={s} value={s}>
                  {STAGE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={`${stageId}-error`}>{errors.stage}</FieldError>
          </div>
          <TextField
            label="Capacity asked for (kVA)"
            name="requestedKva"
            type="number"
            min={0}
            step="any"
            defaultValue={value(application?.requestedKva)}
            error={errors.requestedKva}
          />
          <TextField
            label="Budget estimate requested on"
            name="budgetRequestedOn"
            type="date"
            defaultValue={value(application?.budgetRequestedOn)}
            error={errors.budgetRequestedOn}
          />
          {reached(stage, "quote-received") ? (
            <>
              <TextField
                label="Quote received on"
                name="quoteReceivedOn"
                type="date"
                required
                defaultValue={value(application?.quoteReceivedOn)}
                error={errors.quoteReceivedOn}
              />
              <TextField
                label="Quote's cost (£)"
                name="quotePounds"
                type="number"
                min={0}
                step="any"
                required
                defaultValue={value(application?.quotePounds)}
                error={errors.quotePounds}
              />
              <TextField
                label="Quoted capacity (kVA)"
                name="quoteKva"
                type="number"
                min={0}
                step="any"
                required
                defaultValue={value(application?.quoteKva)}
                error={errors.quoteKva}
              />
              <TextField
                label="Energisation date"
                name="energisationOn"
                type="date"
                required
                defaultValue={value(application?.energisationOn)}
                error={errors.energisationOn}
              />
            </>
          ) : null}
          {reached(stage, "accepted") ? (
            <TextField
              label="Quote accepted on"
              name="acceptedOn"
              type="date"
              required
              defaultValue={value(application?.acceptedOn)}
              error={errors.acceptedOn}
            />
          ) : null}
          {reached(stage, "works-scheduled") ? (
            <TextField
              label="Works scheduled for"
              name="worksOn"
              type="date"
              required
              defaultValue={value(application?.worksOn)}
              error={errors.worksOn}
            />
          ) : null}
          {stage === "energised" ? (
            <TextField
              label="Energised on"
              name="energisedOn"
              type="date"
              required
              defaultValue={value(application?.energisedOn)}
              error={errors.energisedOn}
            />
          ) : null}
          <div className="sm:col-span-2">
            <TextAreaField
              label="Notes"
              name="notes"
              maxLength={2000}
              defaultValue={value(application?.notes)}
              error={errors.notes}
            />
          </div>
          <div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving…" : "Save application"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
