import { useId } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

export type ChargingAccess = "company" | "anyone";

const CHOICES: { value: ChargingAccess; label: string }[] = [
  { value: "company", label: "Our vehicles, and vehicles booked here" },
  { value: "anyone", label: "Anyone (free vend)" },
];

/**
 * Who may charge at the depot (issue 59): its company's named vehicles and, at a hub, the visitors booked there now;
 * or anyone. Chargers ask at every plug-in and hold the list for when they cannot reach us.
 */
export function ChargingAccessCard({ access, canChange }: { access: ChargingAccess; canChange: boolean }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Who may charge</CardTitle>
        <CardDescription>
          A tag no one named here is refused (Invalid), another company&apos;s vehicle not booked here is refused
          (Blocked), and a visitor whose booking is over is told so (Expired); each refusal is in the chargers&apos;
          history. Name your vehicles and their tags below.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {canChange ? (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="charging-access" />
            <div className="min-w-64 flex-1">
              <SelectField
                label="Who may charge here"
                name="mode"
                defaultValue={access}
                options={CHOICES}
                error={errors.mode}
              />
            </div>
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Save
            </Button>
          </fetcher.Form>
        ) : (
          <p className="text-sm">{CHOICES.find((c) => c.value === access)!.label}</p>
        )}
      </CardContent>
    </Card>
  );
}
