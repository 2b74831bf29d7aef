import { Link } from "react-router";

import { BackLink } from "~/components/back-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { STAGE_LABELS, ukDay } from "~/features/portfolio";
import { openApplications } from "~/features/portfolio/index.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { cn } from "~/lib/utils";

import type { Route } from "./+types/connections";

export const meta: Route.MetaFunction = () => [{ title: "Connection applications | Admin | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { applications: await openApplications(getRuntime()) };
}

export default function ConnectionsPage({ loaderData }: Route.ComponentProps) {
  const { applications } = loaderData;
  const atRisk = applications.filter((a) => a.monthsLate || a.quoteShortFrom);
  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <BackLink to="/admin">Back to the Admin Dashboard</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Connection applications</h1>
      <p className="mt-1 text-muted-foreground">
        Every open application, with what its company&apos;s roadmap makes of it: at risk when the quote energises after
        the year the roadmap needs the capacity.
      </p>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            {applications.length} open {applications.length === 1 ? "application" : "applications"}, {atRisk.length} at
            risk
          </CardTitle>
          <CardDescription>
            At risk first, the latest first; then those without a quote; then those in time.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {applications.length ? (
            <Table scrollLabel="Open connection applications" className="whitespace-nowrap">
              <TableHeader>
                <TableRow>
                  <TableHead>Depot</TableHead>
                  <TableHead>Company</TableHead>
                  <TableHead>Stage</TableHead>
                  <TableHead>Energisation</TableHead>
                  <TableHead>Needed from</TableHead>
                  <TableHead>Roadmap</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {applications.map((a) => (
                  <TableRow key={a.depotId}>
                    <TableCell className="font-medium">
                      <Link
                        className="underline-offset-4 hover:underline"
                        to={`/electrify/portfolio/${a.depotId}/connection`}
                      >
                        {a.depot}
                      </Link>
                    </TableCell>
                    <TableCell>{a.company}</TableCell>
                    <TableCell>{STAGE_LABELS[a.stage]}</TableCell>
                    <TableCell>{a.energisationOn ? ukDay(a.energisationOn) : "No quote yet"}</TableCell>
                    <TableCell>{a.neededYear ?? "Not needed by the roadmap"}</TableCell>
                    <TableCell
                      className={cn(a.monthsLate || a.quoteShortFrom ? "font-semibold text-red-700" : undefined)}
                    >
                      {a.monthsLate
                        ? `At risk: ${a.monthsLate} ${a.monthsLate === 1 ? "month" : "months"} late`
                        : a.quoteShortFrom
                          ? `At risk: the quoted capacity is passed in ${a.quoteShortFrom}`
                          : a.monthsLate === 0
                            ? "In time"
                            : "—"}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <p className="text-sm text-muted-foreground">No open applications.</p>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
