import { ArrowRightIcon } from "lucide-react";
import { Link, useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { describePrices, hubOfferSchema, OfferForm } from "~/features/hubs";
import { approveHub, listHubs, offerableDepots, offerHub } from "~/features/hubs/index.server";
import type { ActionResult } from "~/lib/action-result";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { invalidInput } from "~/lib/user-error";

import type { Route } from "./+types/hubs";

export const meta: Route.MetaFunction = () => [{ title: "Charging hubs | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const [hubs, depots] = await Promise.all([listHubs(runtime, user), offerableDepots(runtime, user)]);
  return { hubs, depots, isOwner: user.company?.role === "owner", isAdmin: Boolean(user.isAdmin) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const form = await readForm(request, { fields: 40 });
  return handleIntent(
    form,
    { log: runtime.log },
    {
      offer: async () => {
        const parsed = hubOfferSchema.safeParse({ ...Object.fromEntries(form), openDays: form.getAll("openDays") });
        if (!parsed.success) throw invalidInput(parsed.error);
        const id = await offerHub(runtime, user, parsed.data);
        return redirectWithToast(`/electrify/hubs/${id}`, {
          type: "success",
          title: user.isAdmin ? `${parsed.data.name} is open` : `${parsed.data.name} is sent for approval`,
        });
      },
      approve: async () => {
        const hub = await approveHub(runtime, user, parseId(form.get("hubId")));
        return succeeded(`${hub.name} is open`, {}, "approve");
      },
    },
  );
}

const STATUS_TEXT = { proposed: "Waiting for approval", open: "Open", closed: "Closed" } as const;

/** Hubs: sites whose chargers fleets contract; an owner offers a depot as one, the consultancy's admins approve it. */
export default function HubsPage({ loaderData }: Route.ComponentProps) {
  const { hubs, depots, isOwner, isAdmin } = loaderData;
  const fetcher = useFetcher<ActionResult>();
  useFetcherToast(fetcher.data);
  return (
    <section className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Charging hubs</h1>
        <p className="mt-2 text-muted-foreground">
          Contract charging where and when your vehicles need it, at sites you did not build. Each hub&apos;s week is
          planned by the engine, so a contract is only taken where every visit can be charged.
        </p>
      </div>
      {hubs.length === 0 ? (
        <p className="rounded-md border p-8 text-center text-muted-foreground">No hub is open yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Hubs">
          {hubs.map((hub) => (
            <li key={hub.id}>
              <Card className="h-full">
                <CardHeader className="grid gap-3">
                  <div>
                    <CardTitle>{hub.name}</CardTitle>
                    <CardDescription>
                      {hub.address} · run by {hub.operator.name}
                      {hub.status !== "open" ? ` · ${STATUS_TEXT[hub.status]}` : ""}
                    </CardDescription>
                  </div>
                  <p className="text-sm">{describePrices(hub.prices)}</p>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild size="sm">
                      <Link to={`/electrify/hubs/${hub.id}`}>
                        {hub.as === "haulier" ? "See its week and ask for capacity" : "Open the hub"}
                        <ArrowRightIcon aria-hidden="true" />
                      </Link>
                    </Button>
                    {isAdmin && hub.status === "proposed" ? (
                      <fetcher.Form method="post">
                        <input type="hidden" name="hubId" value={hub.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="approve"
                          size="sm"
                          variant="outline"
                          disabled={fetcher.state !== "idle"}
                        >
                          Approve {hub.name}
                        </Button>
                      </fetcher.Form>
                    ) : null}
                  </div>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {isOwner ? <OfferForm depots={depots} opensAtOnce={isAdmin} /> : null}
    </section>
  );
}
