import { MonitorSmartphoneIcon } from "lucide-react";
import { Form } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

import type { CardState } from "./profile-card";

export type SessionRow = { id: string; device: string; lastActive: string; current: boolean };

/** Where the account is signed in, and signing out everywhere else. */
export function SessionsCard({ sessions, errors, busy }: CardState & { sessions: SessionRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Where your account is signed in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="grid gap-2" aria-label="Active sessions">
          {sessions.map((session) => (
            <li key={session.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
              <span className="flex items-center gap-3">
                <MonitorSmartphoneIcon className="size-5 text-muted-foreground" aria-hidden="true" />
                <span>
                  <span className="block font-medium">{session.device}</span>
                  <span className="block text-sm text-muted-foreground">Last active {session.lastActive}</span>
                </span>
              </span>
              {session.current ? (
                <span className="rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
                  This device
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {sessions.length > 1 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <Button type="submit" variant="outline" disabled={busy}>
              Sign out all other sessions
            </Button>
          </Form>
        ) : null}
        {errors.form ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.form}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
