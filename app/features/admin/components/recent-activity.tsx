import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

export type ActivityEntry = { id: number; actorEmail: string; summary: string; at: string; atLabel: string };

/** The latest admin actions from the audit log: who did what, and when. */
export function RecentActivity({ entries }: { entries: ActivityEntry[] }) {
  return (
    <Card className="mt-10">
      <CardHeader>
        <CardTitle>Recent admin activity</CardTitle>
        <CardDescription>Every status change, note, role change and account change is recorded.</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No admin activity yet.</p>
        ) : (
          <ol className="divide-y" aria-label="Recent admin activity">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
                <span>
                  <span className="font-medium">{entry.actorEmail}</span> {entry.summary}
                </span>
                <time dateTime={entry.at} className="text-muted-foreground">
                  {entry.atLabel}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
