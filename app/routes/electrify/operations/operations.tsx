import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { acceptKnock, blockKnock, listKnocks, operationsOverview } from "~/features/chargers/index.server";
import { HubVehiclesCard } from "~/features/hubs";
import { companyHubVehicles } from "~/features/hubs/index.server";
import { KnocksCard } from "~/features/operations";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/operations";

export const meta: Route.MetaFunction = () => [{ title: "Operations | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const [depots, atHubs] = await Promise.all([operationsOverview(runtime, user), companyHubVehicles(runtime, user)]);
  // Chargers nobody registered that tried to connect: the consultancy's admins accept or block them.
  const knocks = user.isAdmin ? await listKnocks(runtime, user) : { knocks: [], depots: [] };
  return { depots, atHubs, knocks, isAdmin: user.isAdmin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request);
  const runtime = getRuntime();
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return handleIntent(form, runtime, {
    "accept-charger": async () => {
      const done = await acceptKnock(runtime, user, fields);
      const how = done.password ? ": configure it with its new password" : ", with the password it offered";
      return succeeded(
        `${done.identity} accepted at ${done.depot}${how}`,
        { password: done.password },
        "accept-charger",
      );
    },
    "block-charger": async () => {
      await blockKnock(runtime, user, fields.identity ?? "");
      return succeeded(`${fields.identity} blocked`, undefined, "block-charger");
    },
  });
}

/** Box Charge's operations: a depot's chargers, live. A haulier sees their depots; an admin every depot with chargers. */
export default function OperationsPage({ loaderData }: Route.ComponentProps) {
  const { depots, atHubs, knocks, isAdmin } = loaderData;
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Operations</h1>
      <p className="mt-2 text-muted-foreground">
        Box Charge runs each depot&apos;s chargers: live status, load against the site&apos;s limit, sessions and cost.
      </p>
      {isAdmin ? (
        <div className="mt-6">
          <KnocksCard knocks={knocks.knocks} depots={knocks.depots} />
        </div>
      ) : null}
      {atHubs.length > 0 ? (
        <div className="mt-6">
          <HubVehiclesCard hubs={atHubs} />
        </div>
      ) : null}
      {depots.length === 0 ? (
        <p className="mt-6 rounded-md border p-8 text-center text-muted-foreground">
          {isAdmin
            ? "No depot has chargers yet. Open a depot from the admin console to register its chargers."
            : "Add your depots in Company Setup first, then register their chargers here."}
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2" aria-label="Depots">
          {depots.map((depot) => (
            <li key={depot.id}>
              <Card>
                <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-4">
                  <div>
                    <CardTitle>{depot.name}</CardTitle>
                    <CardDescription>
                      {depot.chargers === 0
                        ? "No chargers registered"
                        : `${depot.connected} of ${depot.chargers} ${depot.chargers === 1 ? "charger" : "chargers"} connected`}
                    </CardDescription>
                  </div>
                  <Button asChild variant="outline">
                    <Link to={`/electrify/operations/${depot.id}`} aria-label={`Open ${depot.name}`}>
                      Open <ArrowRightIcon aria-hidden="true" />
                    </Link>
                  </Button>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
