import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { dayAndTime } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

export type InstructionView = {
  id: number;
  from: string;
  until: string;
  limitKva: number;
  reason: string | null;
  source: "hand" | "api" | "openadr" | "flex";
  createdBy: string | null;
};

const kva = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 0 })} kVA`;

function Cancel({ instruction }: { instruction: InstructionView }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel-instruction" />
      <input type="hidden" name="instructionId" value={instruction.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        aria-label={`Cancel the limit of ${kva(instruction.limitKva)} from ${dayAndTime(instruction.from)}`}
      >
        Cancel
      </Button>
    </fetcher.Form>
  );
}

/** The network's limits on the site not yet ended, by whom they were given, and (for those who may) a cancel each. */
export function NetworkLimitsCard({
  instructions,
  canChange,
}: {
  instructions: InstructionView[];
  canChange: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>The network&apos;s limits</CardTitle>
        <CardDescription>
          {instructions.length === 0
            ? "None now or ahead. The chargers have the whole connection in force."
            : "Each holds the site at or below its limit from its start to its end; where several overlap, the lowest holds."}
        </CardDescription>
      </CardHeader>
      {instructions.length > 0 ? (
        <CardContent>
          <ul className="grid gap-3">
            {instructions.map((i) => (
              <li
                key={i.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm"
              >
                <span>
                  <span className="font-medium">{kva(i.limitKva)}</span> from {dayAndTime(i.from)} until{" "}
                  {dayAndTime(i.until)}
                  {i.reason ? `: ${i.reason}` : ""}{" "}
                  <span className="text-muted-foreground">
                    (
                    {i.source === "api"
                      ? "through the fleet API"
                      : i.source === "openadr"
                        ? "from the network's VTN (OpenADR)"
                        : i.source === "flex"
                          ? "a flexibility offer: cancel the request below to release it"
                          : `by hand, ${i.createdBy ?? "someone"}`}
                    )
                  </span>
                </span>
                {canChange && i.source === "hand" ? <Cancel instruction={i} /> : null}
              </li>
            ))}
          </ul>
        </CardContent>
      ) : null}
    </Card>
  );
}

/** A limit given by hand (a call from the network operator, say), checked on the server as the API's are. */
export function GiveLimitForm({ mostKva }: { mostKva: number | null }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.errors ?? {};
  const form = useRef<HTMLFormElement>(null);
  const given = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (given) form.current?.reset();
  }, [given]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Give a limit by hand</CardTitle>
        <CardDescription>
          Times are UK time. A limit can only lower the connection{mostKva !== null ? ` (${kva(mostKva)} at most)` : ""}
          ; the chargers obey it within seconds.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form ref={form} method="post" className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="give-instruction" />
          <TextField
            label="Limit (kVA)"
            name="limitKva"
            type="number"
            min={0}
            step="any"
            required
            error={errors.limitKva}
          />
          <TextField label="Reason" name="reason" maxLength={200} error={errors.reason} />
          <TextField label="From" name="from" type="datetime-local" required error={errors.from} />
          <TextField label="Until" name="until" type="datetime-local" required error={errors.until} />
          <div className="sm:col-span-2">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              Give the limit
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
