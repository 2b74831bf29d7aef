import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { clockTime } from "~/lib/uk-dates";

import { ALERT_LABELS, type AlertView } from "../alert-kinds";

/** The depot's alerts: open ones with what to do, then those cleared in the last day. Shown only when there are any. */
export function AlertsCard({ alerts }: { alerts: AlertView[] }) {
  if (alerts.length === 0) return null;
  const open = alerts.filter((a) => a.clearedAt === null).length;
  return (
    <Card className={open > 0 ? "border-red-300" : undefined}>
      <CardHeader>
        <CardTitle>Alerts</CardTitle>
        <CardDescription>
          {open === 0 ? "None open; cleared in the last day:" : `${open} open. `}
          {open > 0 ? "Each is e-mailed once to the depot's managers, and again if a shortfall grows." : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Alerts">
          {alerts.map((alert) => (
            <li
              key={alert.id}
              className={`rounded-md border p-3 ${alert.clearedAt ? "text-muted-foreground" : "border-red-200 bg-red-50 text-red-950"}`}
            >
              <p className="text-sm font-semibold">
                {ALERT_LABELS[alert.kind]}: {alert.subject}
                <span className="font-normal">
                  {" "}
                  · since {clockTime(alert.since)}
                  {alert.count > 1 ? ` · ${alert.count} times` : ""}
                  {alert.clearedAt ? ` · cleared at ${clockTime(alert.clearedAt)}` : ""}
                </span>
              </p>
              <p className="mt-1 text-sm">{alert.reason}</p>
              {alert.clearedAt ? null : <p className="mt-1 text-sm">What to do: {alert.advice}</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
