import { useId } from "react";
import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { TextAreaField } from "~/components/text-area-field";
import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionResult } from "~/lib/action-result";
import { calendarDay } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { formatBytes } from "./charger-upkeep-cards";

type Version = { model: string; firmware: string; status: string | null; chargers: number };
type Image = {
  id: number;
  fileName: string;
  bytes: number;
  sha256: string;
  version: string;
  model: string | null;
  signed: boolean;
  at: string;
};
type Rollout = {
  id: number;
  model: string;
  version: string;
  firstWave: number;
  whileCharging: boolean;
  status: string;
  detail: string | null;
  at: string;
  chargers: number;
  done: number;
  failed: number;
  skipped: number;
  wave: number;
  waves: number;
};

/** Which firmware the depot's chargers run, by model (issue 59). */
export function FirmwareVersionsCard({ versions }: { versions: Version[] }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Versions by model</CardTitle>
        <CardDescription>As each charger last told at its boot.</CardDescription>
      </CardHeader>
      <CardContent>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No chargers here yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Model</TableHead>
                <TableHead>Firmware</TableHead>
                <TableHead className="hidden sm:table-cell">Last said</TableHead>
                <TableHead className="text-right">Chargers</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {versions.map((v) => (
                <TableRow key={`${v.model}|${v.firmware}|${v.status ?? ""}`}>
                  <TableCell>{v.model}</TableCell>
                  <TableCell>
                    <span className="font-mono">{v.firmware}</span>
                    {/* On a phone what it said last goes under its version (three columns fit). */}
                    {v.status ? <span className="block text-muted-foreground sm:hidden">{v.status}</span> : null}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{v.status ?? "—"}</TableCell>
                  <TableCell className="text-right tabular-nums">{v.chargers}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The company's firmware images: upload one (with its signature for 2.0.1 signed firmware) or remove one. */
export function FirmwareImagesCard({
  images,
  canChange,
  maxMb,
}: {
  images: Image[];
  canChange: boolean;
  maxMb: number;
}) {
  const fetcher = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  useFetcherToast(remover.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const titleId = useId();
  const fileId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Firmware images</CardTitle>
        <CardDescription>
          The company&apos;s images, up to {maxMb} MB each. A charger downloads one only from the address its own update
          gives it, which works for that update alone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {images.length === 0 ? (
          <p className="text-sm text-muted-foreground">No images yet.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Images">
            {images.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">{i.version}</span>
                <span>{i.fileName}</span>
                <span className="text-muted-foreground">
                  {formatBytes(i.bytes)}
                  {i.model ? ` · for ${i.model}` : ""}
                  {i.signed ? " · signed" : ""} · {calendarDay(i.at)}
                </span>
                <span className="font-mono text-xs break-all text-muted-foreground" title="SHA-256">
                  {i.sha256.slice(0, 16)}…
                </span>
                {canChange ? (
                  <remover.Form method="post">
                    <input type="hidden" name="intent" value="remove-image" />
                    <input type="hidden" name="imageId" value={i.id} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Remove image ${i.version}`}>
                      Remove
                    </Button>
                  </remover.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canChange ? (
          <fetcher.Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="upload-image" />
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={fileId}>Image file</Label>
              <Input
                id={fileId}
                name="image"
                type="file"
                required
                aria-invalid={errors.image ? true : undefined}
                aria-describedby={errors.image ? `${fileId}-error` : undefined}
              />
              <FieldError id={`${fileId}-error`}>{errors.image}</FieldError>
            </div>
            <TextField label="Version it installs" name="version" required maxLength={60} error={errors.version} />
            <TextField label="For model (optional)" name="model" maxLength={60} error={errors.model} />
            <TextAreaField
              label="Signing certificate (PEM, 2.0.1 signed firmware, optional)"
              name="signingCertificate"
              rows={3}
              error={errors.signingCertificate}
            />
            <TextAreaField label="Signature (base64, optional)" name="signature" rows={3} error={errors.signature} />
            <div>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                {fetcher.state !== "idle" ? "Uploading…" : "Upload image"}
              </Button>
            </div>
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * Rollouts: an image to the depot's chargers of one model, a few first and twice as many each wave after, each wave
 * only once the last has installed and come back; paused at any failure.
 */
export function FirmwareRolloutsCard({
  rollouts,
  images,
  models,
  canChange,
}: {
  rollouts: Rollout[];
  images: Image[];
  models: string[];
  canChange: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  const steer = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  useFetcherToast(steer.data);
  const errors = fetcher.data?.ok === false ? fetcher.data.errors : {};
  const titleId = useId();
  const tickId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Rollouts</CardTitle>
        <CardDescription>
          A few chargers first, then twice as many each wave; the next wave starts only when every charger of the last
          has installed the image and come back. Any failure pauses the rollout for you to look at.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canChange && images.length > 0 && models.length > 0 ? (
          <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-3 sm:items-end">
            <input type="hidden" name="intent" value="start-rollout" />
            <SelectField
              label="Image"
              name="imageId"
              options={images.map((i) => ({ value: String(i.id), label: `${i.version} (${i.fileName})` }))}
              error={errors.imageId}
            />
            <SelectField
              label="Chargers of model"
              name="model"
              options={models.map((m) => ({ value: m, label: m }))}
              error={errors.model}
            />
            <TextField
              label="First wave (chargers)"
              name="firstWave"
              type="number"
              min={1}
              max={50}
              defaultValue="1"
              error={errors.firstWave}
            />
            <div className="flex items-start gap-2 sm:col-span-2">
              <input id={tickId} type="checkbox" name="whileCharging" className="mt-1 size-4 accent-primary" />
              <label htmlFor={tickId} className="text-sm">
                Even while a vehicle charges
                <span className="block text-muted-foreground">
                  Otherwise each charger waits until no vehicle is on it.
                </span>
              </label>
            </div>
            <div>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                Start rollout
              </Button>
            </div>
          </fetcher.Form>
        ) : null}
        {rollouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rollouts yet.</p>
        ) : (
          <ul className="grid gap-3 text-sm" aria-label="Rollouts">
            {rollouts.map((r) => (
              <li key={r.id} className="grid gap-1 rounded-md border p-3">
                <p>
                  <span className="font-medium">
                    {r.version} to {r.model}
                  </span>{" "}
                  · {r.status} · wave {r.wave} of {r.waves} · {r.done} of {r.chargers} done
                  {r.failed ? ` · ${r.failed} failed` : ""}
                  {r.skipped ? ` · ${r.skipped} skipped` : ""} · started {calendarDay(r.at)}
                </p>
                {r.detail ? <p className="text-muted-foreground">{r.detail}</p> : null}
                {canChange && (r.status === "running" || r.status === "paused") ? (
                  <steer.Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="rolloutId" value={r.id} />
                    {r.status === "running" ? (
                      <Button type="submit" name="intent" value="pause-rollout" variant="outline" size="sm">
                        Pause
                      </Button>
                    ) : (
                      <Button type="submit" name="intent" value="resume-rollout" variant="outline" size="sm">
                        {r.failed ? "Skip the failed and go on" : "Go on"}
                      </Button>
                    )}
                    <Button type="submit" name="intent" value="cancel-rollout" variant="ghost" size="sm">
                      Cancel what is not sent
                    </Button>
                  </steer.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
