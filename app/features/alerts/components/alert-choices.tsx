import { useId } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { ALERT_KINDS, ALERT_LABELS, type AlertKind } from "../alert-kinds";

/** Which depot alerts this person is e-mailed about (each chooses their own). */
export function AlertChoices({ chosen }: { chosen: AlertKind[] }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Depot alerts by e-mail</CardTitle>
        <CardDescription>
          For the depots you look after. Every alert is on the depot&apos;s operations page either way.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="alert-choices" />
          <fieldset className="grid gap-2">
            <legend className="sr-only">E-mail me when</legend>
            {ALERT_KINDS.map((kind) => (
              <div key={kind} className="flex items-center gap-2">
                <input
                  id={`${id}-${kind}`}
                  type="checkbox"
                  name="kinds"
                  value={kind}
                  defaultChecked={chosen.includes(kind)}
                  className="size-4 accent-primary"
                />
                <label htmlFor={`${id}-${kind}`} className="text-sm">
                  {ALERT_LABELS[kind]}
                </label>
              </div>
            ))}
          </fieldset>
          <div>
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Save my alerts
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
