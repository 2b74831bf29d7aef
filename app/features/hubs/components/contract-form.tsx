import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { FormError } from "~/components/text-area-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { CONTRACT_TERMS } from "../hub-schemas";
import { VisitFields } from "./visit-fields";

/**
 * A haulier's request for capacity at the hub: the engine plans the hub's week with it before it is sent to the
 * operator, and says where the hub is full and what would fit when it cannot take it.
 */
export function ContractForm({
  vehicleTypes,
  days,
}: {
  vehicleTypes: { key: string; label: string }[];
  /** The days a contract may start on (UK dates), as the select offers them. */
  days: { value: string; label: string }[];
}) {
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "request" ? fetcher.data.errors : {};
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "request") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
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
          <VisitFields vehicleTypes={vehicleTypes} errors={errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="contract-starts">Starts</Label>
              <NativeSelect
                id="contract-starts"
                name="startsOn"
                aria-invalid={errors.startsOn ? true : undefined}
                aria-describedby={errors.startsOn ? "contract-starts-error" : undefined}
              >
                {days.map((d) => (
                  <option key={d.value} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id="contract-starts-error">{errors.startsOn}</FieldError>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="contract-months">Runs for</Label>
              <NativeSelect id="contract-months" name="months" defaultValue="0">
                {CONTRACT_TERMS.map((m) => (
                  <option key={m} value={m}>
                    {m === 0 ? "No end date" : m === 1 ? "1 month" : `${m} months`}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <Button type="submit" name="intent" value="request" disabled={fetcher.state !== "idle"} className="sm:w-fit">
            {fetcher.state === "idle" ? "Check and send the request" : "Planning the hub's week…"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
