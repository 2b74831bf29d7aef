import { useId } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { clockTime } from "~/lib/uk-dates";

type Frame = { at: string; direction: "in" | "out"; text: string };

/** The charger's last OCPP frames, both ways, and their download (issue 59): what support reads first. */
export function ChargerFramesCard({ frames, download }: { frames: Frame[] | null; download: string }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Last messages</CardTitle>
        <CardDescription>
          Its last 50 OCPP frames as this server saw them, newest first (each cut at 1,000 characters).{" "}
          <a href={download} className="font-medium text-primary underline-offset-4 hover:underline" download>
            Download (JSON lines)
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {frames === null ? (
          <p className="text-sm text-muted-foreground">
            None here: this serving process has not held the charger since it started.
          </p>
        ) : (
          // Folded: fifty frames are a long read on a phone.
          <details>
            <summary className="cursor-pointer text-sm font-medium">Show its last {frames.length} frames</summary>
            <ol className="mt-3 grid gap-2" aria-label="Last OCPP frames">
              {[...frames].reverse().map((f, i) => (
                <li key={`${f.at}-${i}`} className="grid gap-1 border-b pb-2 text-xs last:border-b-0">
                  <span className="text-muted-foreground">
                    {clockTime(f.at)} · {f.direction === "in" ? "from the charger" : "to the charger"}
                  </span>
                  <code className="font-mono [overflow-wrap:anywhere]">{f.text}</code>
                </li>
              ))}
            </ol>
          </details>
        )}
      </CardContent>
    </Card>
  );
}
