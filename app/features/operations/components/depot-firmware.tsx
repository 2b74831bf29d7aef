import { useId } from "react";
import { useFetcher } from "react-router";

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
export type Image = {
  id: number;
  fileName: string;
  bytes: number;
  sha256: string;
  version: string;
  model: string | null;
  signed: boolean;
  at: string;
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
