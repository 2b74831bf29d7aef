import { ArrowRightIcon } from "lucide-react";
import { Link, useFetcher } from "react-router";

import { Button } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { mayDo, requireDepot } from "~/features/depots/index.server";
import {
  contractRequestSchema,
  describePrices,
  FinderCard,
  hubOfferSchema,
  HubsMap,
  OfferForm,
  StopsCard,
} from "~/features/hubs";
import {
  approveHub,
  findHubs,
  listHubs,
  offerableDepots,
  offerHub,
  stopsNearHubs,
  vehicleChoices,
} from "~/features/hubs/index.server";
import { depotsWithTrips } from "~/features/trips/index.server";
import type { ActionResult } from "~/lib/action-result";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/hubs";

export const meta: Route.MetaFunction = () => [{ title: "Charging hubs | Electrify" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const params = new URL(request.url).searchParams;
  const [hubs, depots, tripDepots] = await Promise.all([
    listHubs(runtime, user),
    offerableDepots(runtime, user),
    depotsWithTrips(runtime, user),
  ]);
  const vehicleTypes = mayDo(user, "hub.request")
    ? (await vehicleChoices(runtime, user)).map(({ key, label }) => ({ key, label }))
    : [];
  return {
    hubs,
    depots,
    vehicleTypes,
    ...(await searched(runtime, user, params)),
    tripDepots,
    ...(await stopsFrom(runtime, user, params.get("from"))),
    // Map tiles are outside the product: without them the map shows the coastline and says so.
    tileUrl: runtime.env.MAP_TILE_URL === "none" ? null : runtime.env.MAP_TILE_URL,
    attribution: runtime.env.MAP_TILE_URL === "none" ? "" : runtime.env.MAP_TILE_ATTRIBUTION,
    isOwner: mayDo(user, "hub.offer"),
    isAdmin: mayDo(user, "hub.approve"),
  };
}

/** The finder's search, when the address has one: each hub's answer, or what is wrong with the pattern. */
async function searched(
  runtime: ReturnType<typeof getRuntime>,
  user: Parameters<typeof findHubs>[1],
  params: URLSearchParams,
) {
  const values = { ...Object.fromEntries(params), days: params.getAll("days").map(Number) };
  if (!params.has("find")) return { values: {}, answers: null, errors: {} };
  const parsed = contractRequestSchema.safeParse({ ...Object.fromEntries(params), days: params.getAll("days") });
  if (!parsed.success) return { values, answers: null, errors: invalidInput(parsed.error).fieldErrors };
  try {
    return { values, answers: await findHubs(runtime, user, parsed.data), errors: {} };
  } catch (error) {
    if (error instanceof UserError)
      return { values, answers: null, errors: { form: error.message, ...error.fieldErrors } };
    throw error;
  }
}

/** The stops of the chosen depot's vehicles near hubs, when the address names a depot ("from", as the trips link). */
async function stopsFrom(
  runtime: ReturnType<typeof getRuntime>,
  user: Parameters<typeof findHubs>[1],
  from: string | null,
) {
  if (from === null) return { fromDepot: null, stops: null, stopsMessage: null };
  const depotId = parseId(from);
  try {
    const stops = await stopsNearHubs(runtime, user, depotId);
    return {
      fromDepot: depotId,
      stops,
      stopsMessage: stops ? null : "That depot has no trip export yet: import one on its Trips tab.",
    };
  } catch (error) {
    if (error instanceof UserError) return { fromDepot: null, stops: null, stopsMessage: error.message };
    throw error;
  }
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
        // The policy first (the depot must be the owner's to offer), then the offer's fields.
        await requireDepot(runtime.database.db, user, parseId(form.get("depotId")), "hub.offer");
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

const roomText = (room: number, of: number) =>
  `${room} of ${of} hub${of === 1 ? "" : "s"} ${room === 1 || of === 1 ? "has" : "have"} room for that.`;

const STATUS_TEXT = {
  proposed: "Waiting for approval",
  open: "Open",
  suspended: "Suspended",
  closed: "Closed",
} as const;

/** Hubs: sites whose chargers fleets contract; an owner offers a depot as one, the consultancy's admins approve it. */
export default function HubsPage({ loaderData }: Route.ComponentProps) {
  const { hubs: listed, depots, vehicleTypes, values, answers, errors, isOwner, isAdmin } = loaderData;
  const { tripDepots, fromDepot, stops, stopsMessage, tileUrl, attribution } = loaderData;
  // After a search, the hubs with room first, each with its answer.
  const answerOf = new Map((answers ?? []).map((a) => [a.hubId, a]));
  const hubs = answers
    ? [...listed].sort((a, b) => Number(answerOf.get(b.id)?.room ?? false) - Number(answerOf.get(a.id)?.room ?? false))
    : listed;
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
      {vehicleTypes.length > 0 && hubs.some((h) => h.as === "haulier") ? (
        <FinderCard vehicleTypes={vehicleTypes} values={values} errors={errors} />
      ) : null}
      {answers ? (
        <p role="status" className="text-sm font-medium">
          {roomText(answers.filter((a) => a.room).length, answers.length)}
        </p>
      ) : null}
      <HubsMap
        hubs={hubs
          .filter((h) => h.status === "open")
          .map((h) => ({ id: h.id, name: h.name, position: h.position, room: answerOf.get(h.id)?.room ?? null }))}
        stops={(stops ?? []).map((s) => ({
          hubId: s.hubId,
          name: s.name,
          place: s.place,
          stops: s.stops,
          vehicles: s.vehicles.length,
        }))}
        tileUrl={tileUrl}
        attribution={attribution}
      />
      {tripDepots.length > 0 && hubs.some((h) => h.as === "haulier") ? (
        <StopsCard depots={tripDepots} depotId={fromDepot} findings={stops} message={stopsMessage} />
      ) : null}
      {hubs.length === 0 ? (
        <p className="rounded-md border p-8 text-center text-muted-foreground">No hub is open yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Hubs">
          {hubs.map((hub) => (
            <li key={hub.id} id={`hub-${hub.id}`}>
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
                  {answerOf.has(hub.id) ? (
                    <p
                      className={
                        answerOf.get(hub.id)!.room
                          ? "text-sm font-medium text-primary"
                          : "text-sm text-muted-foreground"
                      }
                    >
                      {answerOf.get(hub.id)!.why}
                    </p>
                  ) : null}
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
