import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { FormError } from "~/components/text-area-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { BookingRow, HubRole } from "../views";
import { VehicleTagFields, type OwnVehicle } from "./vehicle-tag-fields";

/**
 * Visits booked within accepted contracts: the haulier's team books a vehicle for a day (the tag it charges with tells
 * the hub's chargers whose it is) and may cancel; the operator sees every fleet's. The hub keeps room for a booked
 * vehicle until it is late by the grace time.
 */
export function BookingsCard({
  bookings,
  contracts,
  as,
  mayBook,
  mayCancel,
  graceMinutes,
  days,
  ownVehicles,
}: {
  ownVehicles: OwnVehicle[];
  bookings: BookingRow[];
  contracts: { id: number; label: string }[];
  as: HubRole;
  mayBook: boolean;
  mayCancel: boolean;
  graceMinutes: number;
  /** The days that can be booked (the next four weeks, UK dates), as the select offers them. */
  days: { value: string; label: string }[];
}) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "book" ? fetcher.data.errors : {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "book") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Booked visits</CardTitle>
        <CardDescription>
          A booked vehicle is charged to its contract&apos;s energy before any walk-in; its room is held {graceMinutes}{" "}
          minutes past its arrival window, then freed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mayBook && contracts.length > 0 ? (
          <fetcher.Form method="post" ref={form} className="grid gap-4" aria-label="Book a visit">
            <FormError>{errors.form}</FormError>
            <SelectField
              name="contractId"
              label="Contract"
              options={contracts.map((c) => ({ value: c.id, label: c.label }))}
            />
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField name="visitDate" label="Day" options={days} error={errors.visitDate} />
              <VehicleTagFields errors={errors} ownVehicles={ownVehicles} />
            </div>
            <Button type="submit" name="intent" value="book" disabled={fetcher.state !== "idle"} className="sm:w-fit">
              Book the visit
            </Button>
          </fetcher.Form>
        ) : null}
        {bookings.length === 0 ? (
          <p className="text-sm text-muted-foreground">No visits booked from today.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Booked visits">
            {bookings.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span>
                  <span className="font-medium">{calendarDay(`${b.visitDate}T12:00:00Z`)}</span> · {b.vehicle} (tag{" "}
                  {b.tag}){as === "haulier" ? "" : ` · ${b.company}`}
                  {b.adHoc ? " · single visit at the list price" : ""}
                </span>
                {mayCancel && as === "haulier" ? (
                  <fetcher.Form method="post">
                    <input type="hidden" name="bookingId" value={b.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="cancel-booking"
                      variant="outline"
                      size="sm"
                      disabled={fetcher.state !== "idle"}
                    >
                      Cancel {b.vehicle}
                    </Button>
                  </fetcher.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
