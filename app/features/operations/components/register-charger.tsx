import { useId, useState } from "react";
import { useFetcher } from "react-router";

import { TextAreaField } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

export type Credentials = { identity: string; password: string };
type Answer = ActionResult & { credentials?: Credentials };

/** What to configure on the charger: shown once, after registering it or giving it a new password. */
export function ChargerCredentials({ credentials, endpoint }: { credentials: Credentials; endpoint: string }) {
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">Configure the charger now: the password is shown only once.</p>
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">Server address</dt>
        <dd className="break-all font-mono">{endpoint}</dd>
        <dt className="font-medium">Charge point identity</dt>
        <dd className="break-all font-mono">{credentials.identity}</dd>
        <dt className="font-medium">Password (Basic auth)</dt>
        <dd className="break-all font-mono" data-testid="charger-password">
          {credentials.password}
        </dd>
      </dl>
      <p>OCPP 2.0.1 or 1.6J, security profile 1 (profile 2 when the address is https).</p>
    </div>
  );
}

export function RegisterCharger({ endpoint }: { endpoint: string }) {
  const currentId = useId();
  const roleId = useId();
  const [role, setRole] = useState<"charger" | "site-meter">("charger");
  const fetcher = useFetcher<Answer>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.intent === "register" ? fetcher.data.errors : {};
  const credentials = fetcher.data?.intent === "register" ? fetcher.data.credentials : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Register a charger</CardTitle>
        <CardDescription>It connects to {endpoint}/&lt;identity&gt; with the password given here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" key={credentials?.identity}>
          <input type="hidden" name="intent" value="register" />
          <TextField
            label="Identity"
            name="identity"
            required
            maxLength={48}
            error={errors.identity}
            autoComplete="off"
          />
          <TextField label="Name" name="name" required maxLength={80} error={errors.name} />
          <div className="grid gap-2">
            <Label htmlFor={roleId}>It is</Label>
            <NativeSelect
              id={roleId}
              name="role"
              value={role}
              onChange={(event) => setRole(event.currentTarget.value === "site-meter" ? "site-meter" : "charger")}
            >
              <option value="charger">A charger</option>
              <option value="site-meter">The site&apos;s meter at the connection (sends meter values only)</option>
            </NativeSelect>
          </div>
          {role === "charger" ? <ChargerFields errors={errors} currentId={currentId} /> : null}
          <div className="flex items-end">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Registering…" : role === "charger" ? "Register charger" : "Register meter"}
            </Button>
          </div>
        </fetcher.Form>
        {credentials ? <ChargerCredentials credentials={credentials} endpoint={endpoint} /> : null}
      </CardContent>
    </Card>
  );
}

/** What only a charger is asked: its connectors, power and current. */
function ChargerFields({ errors, currentId }: { errors: Record<string, string>; currentId: string }) {
  return (
    <>
      <TextField
        label="Connectors"
        name="connectors"
        type="number"
        min={1}
        max={8}
        defaultValue={2}
        required
        error={errors.connectors}
      />
      <TextField
        label="Maximum power (kW)"
        name="maxKw"
        type="number"
        min={1}
        max={1000}
        step="0.1"
        defaultValue={22}
        required
        error={errors.maxKw}
      />
      <div className="grid gap-2">
        <Label htmlFor={currentId}>Current</Label>
        <NativeSelect id={currentId} name="currentType" defaultValue="AC">
          <option value="AC">AC</option>
          <option value="DC">DC</option>
        </NativeSelect>
      </div>
    </>
  );
}

type ManyAnswer = ActionResult & { registered?: { identity: string; password: string }[] };

/** Many chargers at once from rows pasted from a spreadsheet or CSV (issue 59); their passwords shown once. */
export function RegisterMany() {
  const fetcher = useFetcher<ManyAnswer>();
  useFetcherToast(fetcher.data);
  const titleId = useId();
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const registered = fetcher.data?.registered;
  const download = () => {
    const lines = ["identity,password", ...(registered ?? []).map((r) => `${r.identity},${r.password}`)];
    const url = URL.createObjectURL(new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: "charger-passwords.csv" });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Register many chargers</CardTitle>
        <CardDescription>
          Paste rows from a spreadsheet or CSV file, up to 500, under the header identity, name, connectors, max_kw,
          current. Every row is checked first: if any is wrong, none is registered.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="register-many" />
          <TextAreaField
            label="Chargers (CSV)"
            name="csv"
            rows={5}
            placeholder={"identity,name,connectors,max_kw,current\nBAY-01,Bay 1,2,22,AC"}
            // The whole refusal under the field: which rows to correct.
            error={errors.csv ? (fetcher.data?.messages?.[0] ?? errors.csv) : undefined}
          />
          <div>
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Register all
            </Button>
          </div>
        </fetcher.Form>
        {registered?.length ? (
          <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
            <p className="font-medium">Configure each charger now: the passwords are shown only once.</p>
            <ul className="grid gap-1 font-mono text-xs" aria-label="New chargers' passwords">
              {registered.map((r) => (
                <li key={r.identity}>
                  {r.identity}: {r.password}
                </li>
              ))}
            </ul>
            <div>
              <Button type="button" variant="outline" onClick={download}>
                Download passwords (CSV)
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
