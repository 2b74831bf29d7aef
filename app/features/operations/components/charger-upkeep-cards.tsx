import { useId } from "react";
import { Link, useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay, clockTime } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

type Update = {
  id: number;
  version: string;
  status: string;
  detail: string | null;
  rollout: number | null;
  wave: number;
  at: string;
};
type Image = { id: number; version: string; fileName: string; model: string | null };

/** A checkbox with its label beside it (the forms below each have one). */
function Tick({ name, label, hint }: { name: string; label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" name={name} className="mt-1 size-4 accent-primary" />
      <label htmlFor={id} className="text-sm">
        {label}
        <span className="block text-muted-foreground">{hint}</span>
      </label>
    </div>
  );
}

/**
 * A charger's firmware (issue 59): the version it reports and what it said last, its latest updates with the
 * charger's word on each, and an update to one of the company's images.
 */
export function ChargerFirmwareCard({
  firmware,
  firmwareStatus,
  updates,
  images,
  canChange,
  firmwarePage,
}: {
  firmware: string | null;
  firmwareStatus: string | null;
  updates: Update[];
  images: Image[];
  canChange: boolean;
  firmwarePage: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Firmware</CardTitle>
        <CardDescription>
          Version {firmware ?? "not yet told"}
          {firmwareStatus ? ` · last said: ${firmwareStatus}` : ""}. An update waits until no vehicle is on the charger
          unless you tick otherwise. Images are uploaded on the{" "}
          <Link className="underline" to={firmwarePage}>
            depot&apos;s firmware page
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canChange && images.length > 0 ? (
          <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="update-firmware" />
            <SelectField
              label="Update to"
              name="imageId"
              options={images.map((i) => ({ value: String(i.id), label: `${i.version} (${i.fileName})` }))}
              error={errors.imageId}
            />
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Update this charger
            </Button>
            <Tick
              name="whileCharging"
              label="Even while a vehicle charges"
              hint="The charger may stop the session to install."
            />
          </fetcher.Form>
        ) : null}
        {updates.length === 0 ? (
          <p className="text-sm text-muted-foreground">No update sent from here yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Firmware updates">
            {updates.map((u) => (
              <li key={u.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{u.version}</span>
                <span>{u.status}</span>
                {u.rollout ? (
                  <span className="text-muted-foreground">
                    rollout {u.rollout}, wave {u.wave}
                  </span>
                ) : null}
                {u.detail ? <span className="text-muted-foreground">{u.detail}</span> : null}
                <span className="text-muted-foreground">
                  {calendarDay(u.at)} {clockTime(u.at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type Upload = {
  id: number;
  kind: string;
  transport: string;
  status: string;
  detail: string | null;
  fileName: string | null;
  bytes: number | null;
  at: string;
};

/**
 * Diagnostics and logs (issue 59): ask the charger to upload them, over HTTPS or, for a charger that offers only FTP,
 * over FTPS (explicit, AUTH TLS) or plain FTP; each file it sent, to download.
 */
export function ChargerLogsCard({
  protocol,
  uploads,
  ftp,
  canChange,
  downloadBase,
}: {
  protocol: string | null;
  uploads: Upload[];
  ftp: boolean;
  canChange: boolean;
  downloadBase: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const titleId = useId();
  const kinds =
    protocol === "ocpp1.6"
      ? [{ value: "diagnostics", label: "Diagnostics" }]
      : [
          { value: "log", label: "Diagnostics log" },
          { value: "security-log", label: "Security log" },
        ];
  const transports = [
    { value: "https", label: "HTTPS" },
    ...(ftp
      ? [
          { value: "ftps", label: "FTPS (FTP over TLS)" },
          { value: "ftp", label: "FTP (for chargers that offer nothing else)" },
        ]
      : []),
  ];
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Diagnostics and logs</CardTitle>
        <CardDescription>
          The charger uploads them to Electrify at an address that works once, within an hour, up to 50 MB.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canChange && protocol ? (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="fetch-logs" />
            <div className="min-w-44 flex-1">
              <SelectField label="Fetch" name="kind" options={kinds} error={errors.kind} />
            </div>
            <div className="min-w-44 flex-1">
              <SelectField
                label="Upload over"
                name="transport"
                defaultValue={protocol === "ocpp1.6" && ftp ? "ftp" : "https"}
                options={transports}
                error={errors.transport}
              />
            </div>
            <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
              Request the file
            </Button>
          </fetcher.Form>
        ) : null}
        {uploads.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing fetched yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Fetched files">
            {uploads.map((u) => (
              <li key={u.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{u.kind}</span>
                <span>{u.transport.toUpperCase()}</span>
                {u.status === "received" && u.fileName ? (
                  <a className="underline" href={`${downloadBase}/${u.id}`} download>
                    {u.fileName} ({formatBytes(u.bytes ?? 0)})
                  </a>
                ) : (
                  <span>{u.status}</span>
                )}
                {u.detail ? <span className="text-muted-foreground">{u.detail}</span> : null}
                <span className="text-muted-foreground">
                  {calendarDay(u.at)} {clockTime(u.at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A 2.0.1 station's security events as it sent them (SecurityEventNotification), newest first (issue 59). */
export function SecurityEventsCard({
  events,
  protocol,
}: {
  events: { id: number; detail: string; at: string }[];
  protocol: string | null;
}) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Security events</CardTitle>
        <CardDescription>
          {protocol === "ocpp1.6"
            ? "A 1.6J charger sends none without the security extension."
            : "What the station reported: failed logins, refused firmware signatures, resets and the like."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">None reported.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Security events">
            {events.map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-2">
                <span>{e.detail}</span>
                <span className="text-muted-foreground">
                  {calendarDay(e.at)} {clockTime(e.at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
