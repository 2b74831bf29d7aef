import { useId } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

export type SecureConnection = {
  profile: number;
  target: number | null;
  detail: string | null;
  connectedProfile: number | null;
  address: string | null;
  /** A 1.6 charger's key for its server address, as far as known ("" unknown); null for 2.0.1. */
  addressKey: string | null;
  certificate: { serial: string; notAfter: string; renewFrom: string; used: boolean } | null;
};

const PROFILES: Record<number, string> = {
  1: "Profile 1: password, no encryption",
  2: "Profile 2: TLS and password",
  3: "Profile 3: TLS with the charger's certificate",
};

/** The same, short enough for a phone's select. */
const SHORT: Record<number, string> = { 2: "Profile 2 (TLS)", 3: "Profile 3 (mutual TLS)" };

/**
 * A charger's secure connection (issue 59, item 6): the profile it must use and the one it connected with, its
 * certificate, and the steps to raise it (each a form the server checks again).
 */
export function SecureConnectionCard({
  connection,
  connected,
  canChange,
}: {
  connection: SecureConnection;
  connected: boolean;
  canChange: boolean;
}) {
  const titleId = useId();
  const { profile, target, detail, connectedProfile, address, certificate } = connection;
  const higher = [2, 3].filter((p) => p > profile).map((p) => ({ value: String(p), label: SHORT[p]! }));
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Secure connection</CardTitle>
        <CardDescription>
          {address
            ? `Profiles 2 and 3 connect over TLS at ${address}.`
            : "The TLS listener is off (OCPP_TLS_PORT), so only profile 1 is served here."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Must connect with</dt>
          <dd>{PROFILES[profile] ?? `Profile ${profile}`}</dd>
          <dt className="text-muted-foreground">Last connected with</dt>
          <dd>{connectedProfile ? (PROFILES[connectedProfile] ?? connectedProfile) : "Not yet connected"}</dd>
          <dt className="text-muted-foreground">Certificate</dt>
          <dd>
            {certificate
              ? `${certificate.serial.slice(0, 12)}…, valid until ${calendarDay(certificate.notAfter)}${
                  certificate.used ? ", in use" : ", not used yet"
                }`
              : "None issued"}
          </dd>
          {certificate ? (
            <>
              <dt className="text-muted-foreground">Renewal</dt>
              <dd>{`It is asked for the next one from ${calendarDay(certificate.renewFrom)}`}</dd>
            </>
          ) : null}
        </dl>
        {detail ? (
          <p role="status" className={target ? "font-medium" : "text-muted-foreground"}>
            {detail}
          </p>
        ) : null}
        {canChange ? (
          <div className="flex flex-wrap items-end gap-3">
            <IntentButton intent="ask-certificate" disabled={!connected || !address}>
              Ask it for a certificate
            </IntentButton>
            {higher.length && !target && address ? (
              <RaiseForm options={higher} disabled={!connected} addressKey={connection.addressKey} />
            ) : null}
            {profile > 1 || target ? <KeepLowerForm profile={profile} target={target} /> : null}
            {certificate ? (
              <IntentButton
                intent="revoke-certificate"
                disabled={false}
                confirm={`Revoke its certificate? It can no longer connect with it${
                  profile === 3 ? ", and at profile 3 it cannot connect at all until it has a new one" : ""
                }.`}
              >
                Revoke its certificate
              </IntentButton>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function IntentButton({
  intent,
  disabled,
  confirm,
  children,
}: {
  intent: string;
  disabled: boolean;
  /** A question asked first: the form is sent only if the user agrees. */
  confirm?: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  return (
    <fetcher.Form method="post" onSubmit={(event) => confirm && !window.confirm(confirm) && event.preventDefault()}>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant="outline" disabled={disabled || fetcher.state !== "idle"}>
        {children}
      </Button>
    </fetcher.Form>
  );
}

/**
 * Raise to profile 2 or 3. A 1.6 charger keeps its server address in a key of its maker's (OCPP 1.6 has none): named
 * here, the TLS listener's address is set in it first.
 */
function RaiseForm({
  options,
  disabled,
  addressKey,
}: {
  options: { value: string; label: string }[];
  disabled: boolean;
  addressKey: string | null;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const hintId = useId();
  return (
    <fetcher.Form method="post" className={addressKey === null ? "" : "grid w-full gap-2"}>
      <input type="hidden" name="intent" value="raise-profile" />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1">
          <SelectField label="Raise to" name="profile" options={options} error={errors.profile} />
        </div>
        {addressKey !== null ? (
          <div className="min-w-56 flex-1">
            <TextField
              label="Its key for the server address"
              name="addressKey"
              defaultValue={addressKey}
              maxLength={50}
              aria-describedby={hintId}
              error={errors.addressKey}
            />
          </div>
        ) : null}
        <Button type="submit" disabled={disabled || fetcher.state !== "idle"}>
          Raise
        </Button>
      </div>
      {/* Under the row, so the fields line up; read out with the key's field. */}
      {addressKey !== null ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          OCPP 1.6 has no key of its own for the server&apos;s address: its maker&apos;s (ConnectionUrl,
          CentralSystemAddress…) is set to the TLS listener&apos;s before the profile. Leave it empty if its address is
          set on site.
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** Stops a raise, or lets a charger that cannot keep its profile connect with a lower one again. */
function KeepLowerForm({ profile, target }: { profile: number; target: number | null }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const lower = target ? Math.min(profile, 2) : profile - 1;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="lower-profile" />
      <input type="hidden" name="profile" value={String(lower)} />
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        {target ? "Stop raising it" : `Let it use profile ${lower} again`}
      </Button>
    </fetcher.Form>
  );
}
