import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { FormError } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { DayChoices } from "./day-choices";
import { PriceFields } from "./price-fields";

/** An owner offers a depot's chargers to other fleets: a partner's hub opens once the consultancy's admins approve it. */
export function OfferForm({ depots, opensAtOnce }: { depots: { id: number; name: string }[]; opensAtOnce: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "offer" ? fetcher.data.errors : {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>Offer a depot as a hub</CardTitle>
        <CardDescription>
          Other fleets contract its chargers when your own do not need them; the engine never lets a contract take room
          your fleet or the connection needs.{opensAtOnce ? "" : " The consultancy approves a hub before it opens."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {depots.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            A depot needs a charging plan (its connection and chargers) before it can be offered.
          </p>
        ) : (
          <fetcher.Form method="post" className="grid gap-4" aria-label="Offer a depot as a hub">
            <FormError>{errors.form}</FormError>
            <SelectField name="depotId" label="Depot" options={depots.map((d) => ({ value: d.id, label: d.name }))} />
            <TextField
              name="name"
              label="Hub name (shown to other fleets)"
              required
              maxLength={80}
              error={errors.name}
            />
            <DayChoices name="openDays" legend="Open on" chosen={[0, 1, 2, 3, 4, 5, 6]} error={errors.openDays} />
            <div className="grid grid-cols-2 gap-4">
              <TextField
                name="openFrom"
                label="Opens at"
                type="text"
                inputMode="numeric"
                placeholder="hh:mm"
                maxLength={5}
                defaultValue="00:00"
                required
                error={errors.openFrom}
              />
              <TextField
                name="openTo"
                label="Closes at (the same: all day)"
                type="text"
                inputMode="numeric"
                placeholder="hh:mm"
                maxLength={5}
                defaultValue="00:00"
                required
                error={errors.openTo}
              />
            </div>
            <PriceFields
              prices={{
                pencePerKwh: 45,
                pencePerVisit: 0,
                pencePerReservedHour: 0,
                overstayPencePerHour: 600,
                graceMinutes: 30,
              }}
              errors={errors}
            />
            <Button type="submit" name="intent" value="offer" disabled={fetcher.state !== "idle"} className="sm:w-fit">
              {opensAtOnce ? "Open the hub" : "Send for approval"}
            </Button>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}
