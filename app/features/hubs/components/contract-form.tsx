import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { FormError } from "~/components/text-area-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
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
            <SelectField name="startsOn" label="Starts" options={days} error={errors.startsOn} />
            <SelectField
              name="months"
              label="Runs for"
              defaultValue="0"
              options={CONTRACT_TERMS.map((m) => ({
                value: m,
                label: m === 0 ? "No end date" : m === 1 ? "1 month" : `${m} months`,
              }))}
            />
          </div>
          <Button type="submit" name="intent" value="request" disabled={fetcher.state !== "idle"} className="sm:w-fit">
            {fetcher.state === "idle" ? "Check and send the request" : "Planning the hub's week…"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
