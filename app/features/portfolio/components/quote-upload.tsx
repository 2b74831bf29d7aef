import { useId, useRef } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { Application } from "../applications.server";

/** The network operator's quote as a PDF, kept with the application for the haulier and the consultancy. */
export function QuoteUpload({
  depotId,
  application,
  maxMb,
}: {
  depotId: number;
  application: Application | null;
  maxMb: number;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const error = fetcher.data?.ok === false ? (fetcher.data.errors.quote ?? fetcher.data.errors.form) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>The quote</CardTitle>
        <CardDescription>
          {application?.quoteFileName ? (
            <>
              Kept:{" "}
              <a className="font-medium underline underline-offset-4" href={`/electrify/portfolio/${depotId}/quote`}>
                {application.quoteFileName}
              </a>
              . A new upload replaces it.
            </>
          ) : application ? (
            `The network operator's quote as a PDF, up to ${maxMb} MB.`
          ) : (
            "Save the application first; then add its quote here."
          )}
        </CardDescription>
      </CardHeader>
      {application ? (
        <CardContent>
          <fetcher.Form
            ref={form}
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="intent" value="quote" />
            <div className="grid gap-2">
              <Label htmlFor={id}>Quote (PDF)</Label>
              <Input
                id={id}
                name="quote"
                type="file"
                accept="application/pdf,.pdf"
                required
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </div>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Uploading…" : "Upload quote"}
            </Button>
          </fetcher.Form>
        </CardContent>
      ) : null}
    </Card>
  );
}
