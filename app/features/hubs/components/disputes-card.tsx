import { useFetcher } from "react-router";

import { SelectField } from "~/components/select-field";
import { FormError, TextAreaField } from "~/components/text-area-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import type { DisputeRow, HubRole } from "../views";
import { StatusPill } from "./status-pill";

const STATUS = {
  open: { label: "Open", tone: "waiting" },
  upheld: { label: "Upheld", tone: "good" },
  rejected: { label: "Rejected", tone: "settled" },
} as const;

/**
 * Disputed statement lines: the customer disputes a line of the month shown (until the end of the month after it),
 * the operator or the consultancy's admins uphold or reject it, saying why; both see the outcome.
 */
export function DisputesCard({
  disputes,
  as,
  month,
  lines,
  mayDispute,
  mayResolve,
}: {
  disputes: DisputeRow[];
  as: HubRole;
  month: { value: string; label: string; open: boolean };
  lines: { index: number; label: string }[];
  mayDispute: boolean;
  mayResolve: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const errors = fetcher.state === "idle" && fetcher.data?.intent === "dispute" ? fetcher.data.errors : {};
  return (
    <Card>
      <CardHeader>
        <CardTitle>Disputes</CardTitle>
        <CardDescription>
          A statement&apos;s line can be disputed until the end of the month after it; the operator answers each one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mayDispute && lines.length > 0 ? (
          month.open ? (
            <fetcher.Form method="post" className="grid gap-4" aria-label="Dispute a line">
              <input type="hidden" name="month" value={month.value} />
              <FormError>{errors.form ?? errors.month}</FormError>
              <SelectField
                name="line"
                label={`Line of ${month.label}`}
                options={lines.map((l) => ({ value: l.index, label: l.label }))}
                error={errors.line}
              />
              <TextAreaField name="reason" label="Why" required maxLength={1000} error={errors.reason} />
              <Button
                type="submit"
                name="intent"
                value="dispute"
                variant="outline"
                disabled={fetcher.state !== "idle"}
                className="sm:w-fit"
              >
                Dispute the line
              </Button>
            </fetcher.Form>
          ) : (
            <p className="text-sm text-muted-foreground">{`${month.label} is closed: its statement can no longer be disputed.`}</p>
          )
        ) : null}
        {disputes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No disputes.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Disputes">
            {disputes.map((d) => (
              <li key={d.id} className="grid gap-2 rounded-md border p-3 text-sm">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{as === "haulier" ? d.line : `${d.company}: ${d.line}`}</p>
                  <StatusPill tone={STATUS[d.status].tone}>{STATUS[d.status].label}</StatusPill>
                </div>
                <p>{d.reason}</p>
                {d.resolution ? <p className="text-muted-foreground">{`Answer: ${d.resolution}`}</p> : null}
                {mayResolve && d.status === "open" ? (
                  <fetcher.Form method="post" className="grid gap-2" aria-label={`Answer the dispute of ${d.line}`}>
                    <input type="hidden" name="disputeId" value={d.id} />
                    <TextAreaField name="resolution" label="Answer" required maxLength={1000} />
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" name="intent" value="uphold" size="sm" disabled={fetcher.state !== "idle"}>
                        Uphold
                      </Button>
                      <Button
                        type="submit"
                        name="intent"
                        value="reject"
                        size="sm"
                        variant="outline"
                        disabled={fetcher.state !== "idle"}
                      >
                        Reject
                      </Button>
                    </div>
                  </fetcher.Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
