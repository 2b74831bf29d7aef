import { useId } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay, clockTime } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

type Knock = {
  identity: string;
  protocols: string;
  attempts: number;
  firstAt: string;
  lastAt: string;
  keepsPassword: boolean;
};

/**
 * Chargers asking to connect that nobody registered (issue 59), for the consultancy's admins: accept one into a
 * depot (it keeps the password it offered, or is given one to configure) or block it.
 */
export function KnocksCard({ knocks, depots }: { knocks: Knock[]; depots: { id: number; name: string }[] }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Chargers asking to connect</CardTitle>
        <CardDescription>
          Identities no depot has registered that tried to connect. They are refused until you accept one into a depot;
          block one to stop listing it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {knocks.length === 0 ? (
          <p className="text-sm text-muted-foreground">None.</p>
        ) : (
          <ul className="grid gap-4" aria-label="Chargers asking to connect">
            {knocks.map((k) => (
              <KnockRow key={k.identity} knock={k} depots={depots} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function KnockRow({ knock, depots }: { knock: Knock; depots: { id: number; name: string }[] }) {
  const accept = useFetcher<ActionResult & { password?: string | null }>();
  const block = useFetcher<ActionResult>();
  useFetcherToast(accept.data);
  useFetcherToast(block.data);
  const errors = accept.data?.ok === false ? accept.data.errors : {};
  return (
    <li className="grid gap-3 border-b pb-4 last:border-b-0 last:pb-0">
      <p className="text-sm">
        <span className="font-mono font-medium">{knock.identity}</span> · {knock.protocols} · tried {knock.attempts}{" "}
        {knock.attempts === 1 ? "time" : "times"}, last {calendarDay(knock.lastAt)} {clockTime(knock.lastAt)} ·{" "}
        {knock.keepsPassword ? "keeps the password it offered" : "will need a new password"}
      </p>
      {accept.data?.ok && accept.data.password ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          Configure {knock.identity} with this password now (shown once):{" "}
          <span className="font-mono">{accept.data.password}</span>
        </p>
      ) : null}
      <accept.Form method="post" className="grid gap-3 sm:grid-cols-3">
        <input type="hidden" name="intent" value="accept-charger" />
        <input type="hidden" name="identity" value={knock.identity} />
        <SelectField
          label="Into depot"
          name="depotId"
          options={depots.map((d) => ({ value: d.id, label: d.name }))}
          error={errors.depotId}
        />
        <TextField label="Name" name="name" defaultValue={knock.identity} error={errors.name} />
        <TextField
          label="Connectors"
          name="connectors"
          inputMode="numeric"
          defaultValue="1"
          error={errors.connectors}
        />
        <TextField label="Maximum power (kW)" name="maxKw" inputMode="decimal" defaultValue="22" error={errors.maxKw} />
        <SelectField
          label="Current"
          name="currentType"
          options={[
            { value: "AC", label: "AC" },
            { value: "DC", label: "DC" },
          ]}
        />
        <div className="flex items-end gap-2">
          <Button type="submit" disabled={accept.state !== "idle" || depots.length === 0}>
            Accept
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={block.state !== "idle"}
            onClick={() => block.submit({ intent: "block-charger", identity: knock.identity }, { method: "post" })}
          >
            Block
          </Button>
        </div>
      </accept.Form>
    </li>
  );
}
