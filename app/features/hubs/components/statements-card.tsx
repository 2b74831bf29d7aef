import { Form } from "react-router";

import { SelectField } from "~/components/select-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatPence } from "~/lib/money";

import type { HubRole } from "../views";

export type StatementRow = {
  number: string;
  company: string;
  companyId: number;
  wh: number;
  pence: number;
  lines: number;
};

/**
 * The month's statements: a haulier its own, the operator every customer's, each with its number, metered energy and
 * total, as CSV and PDF. The total is its lines' sum and the energy its sessions' meters'.
 */
export function StatementsCard({
  hubId,
  month,
  months,
  statements,
  as,
}: {
  hubId: number;
  month: string;
  months: { value: string; label: string }[];
  statements: StatementRow[];
  as: HubRole;
}) {
  const link = (s: StatementRow, format: "csv" | "pdf") =>
    `/electrify/hubs/${hubId}/statement.${format}?month=${month}${as === "haulier" ? "" : `&company=${s.companyId}`}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Statements</CardTitle>
        <CardDescription>
          {as === "haulier"
            ? "Your month here: every metered session at your contract's prices, the reserved hours and any overstay."
            : "Each customer's month: every metered session at its contract's prices, the reserved hours and overstays."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Choose the month">
          <SelectField name="month" label="Month" defaultValue={month} options={months} />
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
        {statements.length === 0 ? (
          <p className="text-sm text-muted-foreground">No booked visits that month.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Statements">
            {statements.map((s) => (
              <li
                key={s.number}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <span>
                  <span className="font-medium">{s.number}</span>
                  {as === "haulier" ? "" : ` · ${s.company}`} ·{" "}
                  {(s.wh / 1000).toLocaleString("en-GB", { maximumFractionDigits: 3 })} kWh · {formatPence(s.pence)}
                </span>
                <span className="flex gap-2">
                  <a
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    href={link(s, "csv")}
                    download
                  >
                    CSV<span className="sr-only"> of {s.number}</span>
                  </a>
                  <a
                    className="font-medium text-primary underline-offset-4 hover:underline"
                    href={link(s, "pdf")}
                    download
                  >
                    PDF<span className="sr-only"> of {s.number}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
