import { useId } from "react";
import { useFetcher } from "react-router";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { KEY_SCOPE_LABELS, KEY_SCOPES, type KeyScope } from "~/lib/access/terms";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

export type ApiKeyRow = {
  id: number;
  name: string;
  scopes: KeyScope[];
  start: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

type Created = ActionResult & { key?: string; name?: string };

/**
 * The company's keys for the fleet API (owners only): create one named after the system that will use it (its key is
 * shown here once), see when each was last used, revoke one.
 */
export function ApiKeysCard({ keys }: { keys: ApiKeyRow[] }) {
  const creator = useFetcher<Created>();
  useFetcherToast(creator.data);
  const errors = creator.state === "idle" && creator.data?.ok === false ? creator.data.errors : {};
  const created = creator.data?.intent === "create-key" ? creator.data : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fleet API keys</CardTitle>
        <CardDescription>
          Your fleet&apos;s systems tell Electrify each vehicle&apos;s charge, departure and target with a key (see{" "}
          <a className="underline" href="/api/v1/openapi.json">
            the API&apos;s description
          </a>
          ). A key acts for the whole company; every call is recorded.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <creator.Form method="post" className="grid gap-3" noValidate>
          <input type="hidden" name="intent" value="create-key" />
          <TextField label="Key name" name="name" maxLength={60} required error={errors.name} autoComplete="off" />
          <ScopeChoices error={errors.scopes} />
          <Button type="submit" className="justify-self-start" disabled={creator.state !== "idle"}>
            {creator.state !== "idle" ? "Creating…" : "Create key"}
          </Button>
        </creator.Form>
        {created?.key ? (
          <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" role="status">
            <p className="text-sm font-medium">Copy the key for {created.name} now: it is not shown again.</p>
            <p className="mt-1 break-all font-mono text-sm" aria-label="The new key">
              {created.key}
            </p>
          </div>
        ) : null}
        {keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No keys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Keys">
            {keys.map((k) => (
              <KeyRow key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** What the new key may do: reading and telling the fleet's state by default; booking at hubs only when asked for. */
function ScopeChoices({ error }: { error?: string }) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium">What the key may do</legend>
      {KEY_SCOPES.map((scope) => (
        <div key={scope} className="flex items-start gap-2">
          <input
            id={`${id}-${scope}`}
            type="checkbox"
            name="scopes"
            value={scope}
            defaultChecked={scope !== "hubs:book"}
            className="mt-0.5 size-4 accent-primary"
          />
          <label htmlFor={`${id}-${scope}`} className="text-sm">
            {KEY_SCOPE_LABELS[scope]} <span className="font-mono text-xs text-muted-foreground">{scope}</span>
          </label>
        </div>
      ))}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyRow }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
      <div>
        <p className="font-medium">
          {apiKey.name} <span className="font-mono text-sm font-normal text-muted-foreground">{apiKey.start}…</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Created {calendarDay(apiKey.createdAt)} ·{" "}
          {apiKey.lastUsedAt ? `last used ${calendarDay(apiKey.lastUsedAt)}` : "never used"}
          {apiKey.revokedAt ? ` · revoked ${calendarDay(apiKey.revokedAt)}` : ""}
        </p>
        <p className="text-sm text-muted-foreground">May: {apiKey.scopes.join(", ")}</p>
      </div>
      {apiKey.revokedAt ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke-key" />
          <input type="hidden" name="keyId" value={apiKey.id} />
          <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
            Revoke <span className="sr-only">{apiKey.name}</span>
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}
