import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { FormError } from "~/components/text-area-field";
import { CLOCK_FIELD, TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { VehicleTagFields, type OwnVehicle } from "./vehicle-tag-fields";

/**
 * One visit outside any contract, at the hub's list price: the engine plans the hub's week with every contract that
 * runs that day and this visit, and takes it only where room is left (else says where the hub is full).
 */
export function AdHocCard({
  vehicleTypes,
  days,
  prices,
  ownVehicles,
}: {
  ownVehicles: OwnVehicle[];
  vehicleTypes: { key: string; label: string }[];
  days: { value: string; label: string }[];
  /** The list price, in words. */
  prices: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "visit" ? fetcher.data.errors : {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "visit") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const time = { ...CLOCK_FIELD, required: true } as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Book a single visit</CardTitle>
        <CardDescription>
          Outside a contract, at the list price ({prices}), where the hub has room left that day.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={form} className="grid gap-4" aria-label="Book a single visit">
          <FormError>{errors.form}</FormError>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField name="visitDate" label="Day" options={days} error={errors.visitDate} />
            <TextField name="arriveAt" label="Arriving at" defaultValue="12:00" {...time} error={errors.arriveAt} />
            <TextField name="departAt" label="Leaving at" defaultValue="14:00" {...time} error={errors.departAt} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="vehicleType"
              label="Vehicle type"
              options={vehicleTypes.map((t) => ({ value: t.key, label: t.label }))}
              error={errors.vehicleType}
            />
            <TextField
              name="energyKwh"
              label="Energy (kWh)"
              type="number"
              min={1}
              max={1000}
              step="any"
              defaultValue={40}
              required
              error={errors.energyKwh}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <VehicleTagFields errors={errors} ownVehicles={ownVehicles} />
          </div>
          <Button type="submit" name="intent" value="visit" disabled={fetcher.state !== "idle"} className="sm:w-fit">
            {fetcher.state === "idle" ? "Check and book the visit" : "Planning the hub's day…"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
