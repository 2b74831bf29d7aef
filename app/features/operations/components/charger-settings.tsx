import { useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";

import { SelectField } from "~/components/select-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TRIGGERS } from "~/features/chargers";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay, clockTime } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

type Setting = { component: string; variable: string; value: string | null; mutability: string };
const settingKey = (s: Pick<Setting, "component" | "variable">) => `${s.component}\u0000${s.variable}`;

/**
 * A charger's configuration as it last told it (issue 59): read it again, and change one setting on this charger or
 * on every charger of its model at the depot. A read-only setting has no place in the change form.
 */
export function ChargerSettingsCard({
  settings,
  protocol,
  sameModel,
  canChange,
}: {
  settings: Setting[];
  protocol: string | null;
  sameModel: number;
  canChange: boolean;
}) {
  const read = useFetcher<ActionResult>();
  const change = useFetcher<ActionResult & { results?: { charger: string; status: string }[] }>();
  useFetcherToast(read.data);
  useFetcherToast(change.data);
  // A 2.0.1 station sends its report after answering: look again as its parts arrive.
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!read.data?.ok || protocol !== "ocpp2.0.1") return;
    const timers = [700, 2_000, 5_000].map((ms) => setTimeout(() => void revalidate(), ms));
    return () => timers.forEach(clearTimeout);
  }, [read.data, protocol, revalidate]);
  const titleId = useId();
  const writable = settings.filter((s) => s.mutability !== "ReadOnly");
  const [chosen, setChosen] = useState("");
  // The first writable setting until one is chosen (the list may arrive after the page, as a report comes in).
  const current = writable.find((s) => settingKey(s) === chosen) ?? writable[0];
  const errors = change.data?.ok === false ? change.data.errors : {};
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Configuration</CardTitle>
        <CardDescription>
          {protocol === "ocpp2.0.1"
            ? "The station's device model (GetBaseReport): each component's variables as it last reported them."
            : "The charger's configuration keys (GetConfiguration) as it last told them."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canChange ? (
          <read.Form method="post">
            <input type="hidden" name="intent" value="read-settings" />
            <Button type="submit" variant="outline" disabled={read.state !== "idle"}>
              {settings.length ? "Read again" : "Read its configuration"}
            </Button>
          </read.Form>
        ) : null}
        {settings.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not read yet.</p>
        ) : (
          <Table scrollLabel="Settings as last read" className="whitespace-nowrap">
            <TableHeader>
              <TableRow>
                {protocol === "ocpp2.0.1" ? <TableHead>Component</TableHead> : null}
                <TableHead>Setting</TableHead>
                <TableHead>Value</TableHead>
                <TableHead>May be changed</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {settings.map((s) => (
                <TableRow key={settingKey(s)}>
                  {protocol === "ocpp2.0.1" ? <TableCell>{s.component}</TableCell> : null}
                  <TableCell className="font-mono text-xs">{s.variable}</TableCell>
                  <TableCell className="max-w-72 whitespace-normal [overflow-wrap:anywhere]">
                    {s.value ?? "—"}
                  </TableCell>
                  <TableCell>{s.mutability === "ReadOnly" ? "No (read-only)" : "Yes"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {canChange && writable.length ? (
          <change.Form method="post" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="change-setting" />
            <input type="hidden" name="component" value={current?.component ?? ""} />
            <input type="hidden" name="variable" value={current?.variable ?? ""} />
            <SelectField
              label="Setting to change"
              value={current ? settingKey(current) : ""}
              onChange={(e) => setChosen(e.target.value)}
              options={writable.map((s) => ({
                value: settingKey(s),
                label: s.component ? `${s.component} · ${s.variable}` : s.variable,
              }))}
              error={errors.variable}
            />
            <TextField
              key={current ? settingKey(current) : ""}
              label="New value"
              name="value"
              defaultValue={current?.value ?? ""}
              error={errors.value}
            />
            {sameModel > 1 ? (
              <SelectField
                label="On"
                name="scope"
                defaultValue="one"
                options={[
                  { value: "one", label: "This charger" },
                  { value: "model", label: `All ${sameModel} chargers of this model here` },
                ]}
              />
            ) : null}
            <div className="flex items-end">
              <Button type="submit" disabled={change.state !== "idle"}>
                Change
              </Button>
            </div>
          </change.Form>
        ) : null}
        {change.data?.results ? (
          <ul className="grid gap-1 text-sm" aria-label="What each charger answered">
            {change.data.results.map((r) => (
              <li key={r.charger}>
                {r.charger}: {r.status}
                {r.status === "RebootRequired" ? " (takes effect when it restarts)" : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Ask the charger to send a message now (TriggerMessage), and the latest changes and requests with their answers. */
export function ChargerMessagesCard({
  changes,
  canChange,
}: {
  changes: { id: number; detail: string; at: string }[];
  canChange: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Messages and changes</CardTitle>
        <CardDescription>Ask it to report now; the latest changes and requests, with what it answered.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canChange ? (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="trigger" />
            <div className="min-w-56 flex-1">
              <SelectField
                label="Ask it to send"
                name="trigger"
                defaultValue="status"
                options={Object.entries(TRIGGERS).map(([value, label]) => ({ value, label }))}
              />
            </div>
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Ask
            </Button>
          </fetcher.Form>
        ) : null}
        {changes.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing changed or asked from here yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Changes and requests">
            {changes.map((c) => (
              <li key={c.id} className="flex flex-wrap gap-x-2">
                <span>{c.detail}</span>
                <span className="text-muted-foreground">
                  {calendarDay(c.at)} {clockTime(c.at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
