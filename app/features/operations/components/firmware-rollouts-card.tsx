import { useId } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { Image } from "./depot-firmware";

type Depot = { id: number; name: string };

type Rollout = {
  id: number;
  model: string;
  version: string;
  firstWave: number;
  whileCharging: boolean;
  status: string;
  detail: string | null;
  at: string;
  chargers: number;
  done: number;
  failed: number;
  skipped: number;
  wave: number;
  waves: number;
  /** How many depots its chargers are at, and whether it was started from this one. */
  depots: number;
  startedHere: boolean;
};

/**
 * Rollouts: an image to chargers of one model, here or at several of the company's depots, a few first and twice as
 * many each wave after, each wave only once the last has installed and come back; paused at any failure.
 */
export function FirmwareRolloutsCard({
  depotId,
  depots,
  rollouts,
  images,
  models,
  canChange,
}: {
  depotId: number;
  depots: Depot[];
  rollouts: Rollout[];
  images: Image[];
  models: string[];
  canChange: boolean;
}) {
  const steer = useFetcher<ActionResult>();
  useFetcherToast(steer.data);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Rollouts</CardTitle>
        <CardDescription>
          A few chargers first, then twice as many each wave; the next wave starts only when every charger of the last
          has installed the image and come back. Any failure pauses the rollout for you to look at.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canChange && images.length > 0 && models.length > 0 ? (
          <StartRolloutForm depotId={depotId} depots={depots} images={images} models={models} />
        ) : null}
        {rollouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rollouts yet.</p>
        ) : (
          <ul className="grid gap-3 text-sm" aria-label="Rollouts">
            {rollouts.map((r) => (
              <li key={r.id} className="grid gap-1 rounded-md border p-3">
                <p>
                  <span className="font-medium">
                    {r.version} to {r.model}
                  </span>{" "}
                  · {r.status} · wave {r.wave} of {r.waves} · {r.done} of {r.chargers} done
                  {r.failed ? ` · ${r.failed} failed` : ""}
                  {r.skipped ? ` · ${r.skipped} skipped` : ""} · started {calendarDay(r.at)}
                </p>
                {r.depots > 1 || !r.startedHere ? (
                  <p className="text-muted-foreground">
                    Across {r.depots} depots, {r.startedHere ? "started here" : "started at another depot"}
                  </p>
                ) : null}
                {r.detail ? <p className="text-muted-foreground">{r.detail}</p> : null}
                {canChange && (r.status === "running" || r.status === "paused") ? (
                  <steer.Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="rolloutId" value={r.id} />
                    {r.status === "running" ? (
                      <Button type="submit" name="intent" value="pause-rollout" variant="outline" size="sm">
                        Pause
                      </Button>
                    ) : (
                      <Button type="submit" name="intent" value="resume-rollout" variant="outline" size="sm">
                        {r.failed ? "Skip the failed and go on" : "Go on"}
                      </Button>
                    )}
                    <Button type="submit" name="intent" value="cancel-rollout" variant="ghost" size="sm">
                      Cancel what is not sent
                    </Button>
                  </steer.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The image, the model, the first wave and (where the operator runs more than one) the depots it goes to. */
function StartRolloutForm({
  depotId,
  depots,
  images,
  models,
}: {
  depotId: number;
  depots: Depot[];
  images: Image[];
  models: string[];
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const tickId = useId();
  const depotsId = useId();
  const others = depots.filter((d) => d.id !== depotId);
  return (
    <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-3 sm:items-end">
      <input type="hidden" name="intent" value="start-rollout" />
      <SelectField
        label="Image"
        name="imageId"
        options={images.map((i) => ({ value: String(i.id), label: `${i.version} (${i.fileName})` }))}
        error={errors.imageId}
      />
      <SelectField
        label="Chargers of model"
        name="model"
        options={models.map((m) => ({ value: m, label: m }))}
        error={errors.model}
      />
      <TextField
        label="First wave (chargers)"
        name="firstWave"
        type="number"
        min={1}
        max={50}
        defaultValue="1"
        error={errors.firstWave}
      />
      {others.length > 0 ? (
        <fieldset
          className="grid gap-2 sm:col-span-3"
          aria-describedby={errors.depotIds ? `${depotsId}-error` : `${depotsId}-hint`}
        >
          <legend className="text-sm font-medium">Also at these depots</legend>
          <p id={`${depotsId}-hint`} className="text-sm text-muted-foreground">
            The first wave is from this depot; the others follow depot by depot, in the same waves.
          </p>
          <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {others.map((d) => (
              <label key={d.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="depotIds" value={d.id} className="size-4 accent-primary" />
                {d.name}
              </label>
            ))}
          </div>
          <FieldError id={`${depotsId}-error`}>{errors.depotIds}</FieldError>
        </fieldset>
      ) : null}
      <div className="flex items-start gap-2 sm:col-span-2">
        <input id={tickId} type="checkbox" name="whileCharging" className="mt-1 size-4 accent-primary" />
        <label htmlFor={tickId} className="text-sm">
          Even while a vehicle charges
          <span className="block text-muted-foreground">Otherwise each charger waits until no vehicle is on it.</span>
        </label>
      </div>
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Start rollout
        </Button>
      </div>
    </fetcher.Form>
  );
}
