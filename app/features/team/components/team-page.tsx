import { useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { ActionResult } from "~/lib/action-result";
import { ROLE_LABELS, type CompanyRole } from "~/lib/company-roles";
import { calendarDay } from "~/lib/uk-dates";
import { useFetcherToast } from "~/lib/use-fetcher-toast";

import { ActivityLog, type ActivityRow } from "./activity-log";
import { InviteForm } from "./invite-form";
import { MemberRow, type MemberView } from "./member-row";

export type TeamPageData = {
  company: { name: string; role: CompanyRole };
  manages: boolean;
  members: MemberView[];
  depots: { id: number; name: string }[];
  invitations: { id: number; email: string; role: string; expires: string }[];
  activity: ActivityRow[] | null;
  notify: boolean;
};

/** /electrify/team: who is in the company and what each may do; owners invite and change; everyone may leave. */
/** `extra`: what other features add for the team (the fleet API's keys, for owners), above the activity log. */
export function TeamPage({ data, extra }: { data: TeamPageData; extra?: React.ReactNode }) {
  const { company, manages, members, depots, invitations, activity } = data;
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Team</h1>
        <p className="mt-1 text-muted-foreground">
          {company.name} · you are {ROLE_LABELS[company.role].toLowerCase()}
        </p>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Members</CardTitle>
            <CardDescription>
              {members.length} {members.length === 1 ? "person" : "people"} in {company.name}.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul aria-label="Members">
              {members.map((member) => (
                <MemberRow key={member.id} member={member} manages={manages} depots={depots} />
              ))}
            </ul>
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          {manages ? <InviteForm depots={depots} /> : null}
          {manages && invitations.length > 0 ? <PendingInvitations invitations={invitations} /> : null}
          <YourMembership notify={data.notify} company={company.name} />
        </div>
      </div>
      {extra}
      {activity ? <ActivityLog entries={activity} /> : null}
    </section>
  );
}

function PendingInvitations({ invitations }: { invitations: TeamPageData["invitations"] }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting to accept</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm" aria-label="Invitations waiting">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="break-all">
                {invitation.email} · {ROLE_LABELS[invitation.role as CompanyRole] ?? invitation.role} · until{" "}
                {calendarDay(invitation.expires)}
              </span>
              <fetcher.Form method="post">
                <input type="hidden" name="invitationId" value={invitation.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="revoke"
                  variant="outline"
                  size="sm"
                  disabled={fetcher.state !== "idle"}
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                >
                  Withdraw
                </Button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The viewer's own place: the company's e-mails on or off, and leaving. */
function YourMembership({ notify, company }: { notify: boolean; company: string }) {
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your membership</CardTitle>
        <CardDescription>Apply-by reminders and review updates for the depots you look after.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="notify" value={notify ? "off" : "on"} />
          <p className="text-sm">
            E-mails from {company} are {notify ? "on" : "off"}.
          </p>
          <Button type="submit" name="intent" value="notify" variant="outline" disabled={busy}>
            {notify ? "Turn e-mails off" : "Turn e-mails on"}
          </Button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <Button type="submit" name="intent" value="leave" variant="destructive" disabled={busy}>
            Leave {company}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
