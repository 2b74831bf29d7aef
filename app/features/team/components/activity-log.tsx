import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { dayAndTime } from "~/lib/uk-dates";

export type ActivityRow = {
  id: number;
  when: string;
  who: string;
  byAdmin: boolean;
  action: string;
  depot: string | null;
};

/** Who did what, when, on which depot: the company's latest 100 changes, newest first. */
export function ActivityLog({ entries }: { entries: ActivityRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
        <CardDescription>The company's latest changes, newest first, including the consultancy's.</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has changed yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Activity">
            {entries.map((entry) => (
              <li key={entry.id} className="grid gap-0.5 border-b pb-3 text-sm last:border-b-0 last:pb-0">
                <span className="font-medium">{entry.action}</span>
                <span className="text-muted-foreground">
                  {entry.who}
                  {entry.byAdmin ? " (Electrify)" : ""}
                  {entry.depot ? ` · ${entry.depot}` : ""} · <time dateTime={entry.when}>{dayAndTime(entry.when)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
