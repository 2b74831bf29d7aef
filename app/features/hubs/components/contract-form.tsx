import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { FormError } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { DayChoices } from "./day-choices";

/**
 * A haulier's request for capacity at the hub: the engine plans the hub's week with it before it is sent to the
 * operator, and says where the hub is full and what would fit when it cannot take it.
 */
export function ContractForm({ vehicleTypes }: { vehicleTypes: { key: string; label: string }[] }) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "request" ? fetcher.data.errors : {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "request") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  // 24-hour hh:mm as text: a native time field shows AM/PM in a browser set to US English (as planning's ClockInput).
  const time = {
    type: "text",
    inputMode: "numeric",
    placeholder: "hh:mm",
    maxLength: 5,
    autoComplete: "off",
    required: true,
  } as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Ask for capacity</CardTitle>
        <CardDescription>
          Your vehicles, the days and times they visit, and the energy a visit needs. The hub&apos;s week is planned
          with every accepted contract and yours before the request goes to its operator.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" ref={form} className="grid gap-4" aria-label="Ask for capacity">
          <FormError>{errors.form}</FormError>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="contract-type">Vehicle type</Label>
              <NativeSelect id="contract-type" name="vehicleType" aria-invalid={errors.vehicleType ? true : undefined}>
                {vehicleTypes.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <TextField
              name="vehicles"
              label="Vehicles"
              type="number"
              min={1}
              max={100}
              defaultValue={2}
              required
              error={errors.vehicles}
            />
          </div>
          <DayChoices name="days" legend="Days they visit" chosen={[0, 1, 2, 3, 4]} error={errors.days} />
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <TextField
              name="arriveFrom"
              label="Arriving from"
              defaultValue="18:00"
              {...time}
              error={errors.arriveFrom}
            />
            <TextField name="arriveTo" label="Arriving by" defaultValue="19:00" {...time} error={errors.arriveTo} />
            <TextField
              name="departFrom"
              label="Leaving from"
              defaultValue="05:00"
              {...time}
              error={errors.departFrom}
            />
            <TextField name="departTo" label="Leaving by" defaultValue="06:00" {...time} error={errors.departTo} />
          </div>
          <TextField
            name="energyKwh"
            label="Energy a visit (kWh)"
            type="number"
            min={1}
            max={1000}
            step="any"
            defaultValue={40}
            required
            error={errors.energyKwh}
          />
          <Button type="submit" name="intent" value="request" disabled={fetcher.state !== "idle"} className="sm:w-fit">
            {fetcher.state === "idle" ? "Check and send the request" : "Planning the hub's week…"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
