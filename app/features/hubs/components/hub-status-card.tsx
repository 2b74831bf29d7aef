import { useState } from "react";
import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

type Status = "proposed" | "open" | "suspended" | "closed";

const NOW: Record<Status, string> = {
  proposed: "Waiting for the consultancy's approval.",
  open: "Open: customers book, cancel and follow their vehicles here.",
  suspended:
    "Suspended: nothing new can be booked or cancelled, and customers do not follow it live, until you reopen it.",
  closed: "Closed for good: every contract has ended and every booking from the day it closed was cancelled.",
};

/**
 * The operator's control of the hub (issue 58): suspend it for a while, reopen it, or close it for good. Each customer
 * with a contract there is e-mailed what it means for their bookings. Closing asks to be confirmed: it cannot be undone.
 */
export function HubStatusCard({ name, status }: { name: string; status: Status }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Running the hub</CardTitle>
        <CardDescription>{NOW[status]}</CardDescription>
      </CardHeader>
      {status === "closed" ? null : (
        <CardContent>
          <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
            {status === "open" ? (
              <Button type="submit" name="intent" value="suspend" variant="outline" size="sm" disabled={busy}>
                Suspend the hub
              </Button>
            ) : null}
            {status === "suspended" ? (
              <Button type="submit" name="intent" value="reopen" size="sm" disabled={busy}>
                Reopen the hub
              </Button>
            ) : null}
            {confirming ? (
              <>
                <span className="text-sm" role="status">
                  Close {name} for good? Every booking from today is cancelled and its customers are told.
                </span>
                <Button type="submit" name="intent" value="close" variant="destructive" size="sm" disabled={busy}>
                  Yes, close it
                </Button>
                <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
                Close the hub…
              </Button>
            )}
          </fetcher.Form>
        </CardContent>
      )}
    </Card>
  );
}
