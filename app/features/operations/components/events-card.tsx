import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { calendarDay, clockTime } from "~/lib/uk-dates";

type Event = { id: number; kind: string; detail: string; charger: string; at: string };
const KIND_LABEL: Record<string, string> = {
  fault: "Fault",
  boot: "Restart",
  disconnected: "Offline",
  tag: "Tag",
  refused: "Refused",
  list: "Local list",
  reservation: "Reservation",
};

export function EventsCard({ events }: { events: Event[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Faults, restarts and refusals</CardTitle>
        <CardDescription>The latest twelve: a tag refused is noted once in ten minutes.</CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to report.</p>
        ) : (
          <ul className="grid gap-2 text-sm" aria-label="Faults, restarts and refusals">
            {events.map((e) => (
              <li key={e.id} className="flex flex-wrap gap-x-2">
                <span className={e.kind === "fault" ? "font-semibold text-red-800" : "font-medium"}>
                  {KIND_LABEL[e.kind] ?? e.kind}
                </span>
                <span>{e.charger}:</span>
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
