import { data } from "react-router";

import { BackLink } from "~/components/back-link";
import { GiveLimitForm, instructionFromForm, NetworkLimitsCard, OpenAdrCard } from "~/features/connections";
import {
  cancelInstruction,
  giveInstruction,
  linkSchema,
  linkView,
  networkState,
  pollVtn,
  removeLink,
  saveLink,
} from "~/features/connections/index.server";
import { depotResource, requireDepot } from "~/features/depots/index.server";
import { FlexCard, flexFromForm } from "~/features/flexibility";
import { cancelFlex, listFlex, receiveFlex, takeVtnFlex } from "~/features/flexibility/index.server";
import { connectionInForceView, connectionMostKva, SIGNAL_HOLDS_MS } from "~/features/live-control";
import { depotSite } from "~/features/live-control/index.server";
import { ConnectionFigure } from "~/features/operations";
import { allowed } from "~/lib/access/access.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { dayAndTime } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/network";

/** A depot's connection in force and the network's limits on it (issue 60, item 4): by hand, and from the fleet API. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.depot ? `The network | ${loaderData.depot.name} | Electrify` : "The network | Electrify" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depot = await requireDepot(runtime.database.db, user, parseId(params.depotId), "operations.read").catch(
    (error: unknown) => {
      throw error instanceof UserError ? data("Depot not found", { status: error.status }) : error;
    },
  );
  const now = Date.now();
  const [site, network, link, flex] = await Promise.all([
    depotSite(runtime, depot.id, now),
    networkState(runtime, depot.id, now),
    linkView(runtime, depot.id),
    listFlex(runtime, depot.id),
  ]);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    depot: { id: depot.id, name: depot.name },
    connection: connectionInForceView(site, now),
    mostKva: connectionMostKva(site),
    flexible: site.connectionOffer?.shape.kind === "flexible",
    heardAt: network.heardAt === null ? null : iso(network.heardAt),
    heardNow: network.heardAt !== null && now < network.heardAt + SIGNAL_HOLDS_MS,
    instructions: network.instructions.map((i) => ({ ...i, from: iso(i.from), until: iso(i.until) })),
    link,
    flex,
    now: iso(now),
    canChange: allowed(user, "operations.change", depotResource(depot)),
  };
}

const limitsTaken = (count: number) =>
  count === 0 ? "no limit on the depot now" : `${count} limit${count === 1 ? "" : "s"} taken`;

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depotId = parseId(params.depotId);
  // Someone else's depot answers 404, and a role that may not change it 403, before the form is read.
  await requireDepot(runtime.database.db, user, depotId, "operations.change").catch((error: unknown) => {
    throw error instanceof UserError ? data(error.message, { status: error.status }) : error;
  });
  const form = await readForm(request, { fields: 10 });
  return handleIntent(
    form,
    { log: runtime.log },
    {
      "give-instruction": {
        refusedTitle: "The limit was not given",
        run: async (submitted) => {
          const now = Date.now();
          const site = await depotSite(runtime, depotId, now);
          const instruction = instructionFromForm(submitted, { mostKva: connectionMostKva(site), now });
          await giveInstruction(runtime, user, depotId, instruction);
          return succeeded(`Limit of ${instruction.limitKva.toLocaleString("en-GB")} kVA given`, undefined, "give");
        },
      },
      "link-vtn": {
        refusedTitle: "The VTN was not linked",
        run: async (submitted) => {
          const parsed = linkSchema.safeParse(Object.fromEntries(submitted));
          if (!parsed.success) throw invalidInput(parsed.error);
          await saveLink(runtime, user, depotId, parsed.data);
          // Read at once, so that whoever links it learns now whether the address, token and program work.
          const powerFactor = (await depotSite(runtime, depotId)).inputs?.site.powerFactor ?? 1;
          const read = await pollVtn(runtime, depotId, powerFactor).then(
            async (taken) => {
              if (taken) await takeVtnFlex(runtime, depotId, taken);
              return `and read: ${limitsTaken(taken?.instructions ?? 0)}`;
            },
            (error: unknown) =>
              `but could not be read (${error instanceof Error ? error.message : "no answer"}); it is tried every 30 seconds`,
          );
          return succeeded(`The VTN is linked ${read}`, undefined, "link");
        },
      },
      "unlink-vtn": {
        refusedTitle: "The link was not removed",
        run: async () => {
          await removeLink(runtime, user, depotId);
          return succeeded("The VTN's link is removed", undefined, "unlink");
        },
      },
      "request-flex": {
        refusedTitle: "The request was not answered",
        run: async (submitted) => {
          const view = await receiveFlex(runtime, depotId, flexFromForm(submitted), { viewer: user });
          const what =
            view.status === "offered" && view.answer
              ? `${Math.round(view.answer.offeredKw).toLocaleString("en-GB")} kW offered`
              : "nothing to spare";
          return succeeded(`Request answered: ${what}`, undefined, "flex");
        },
      },
      "cancel-flex": {
        refusedTitle: "The request was not cancelled",
        run: async (submitted) => {
          await cancelFlex(runtime, depotId, submitted.get("flexId"), { viewer: user });
          return succeeded("Request cancelled: the site's limit is released", undefined, "cancel-flex");
        },
      },
      "cancel-instruction": {
        refusedTitle: "The limit was not cancelled",
        run: async (submitted) => {
          await cancelInstruction(runtime, user, depotId, submitted.get("instructionId"));
          return succeeded("Limit cancelled", undefined, "cancel");
        },
      },
    },
  );
}

export default function NetworkPage({ loaderData }: Route.ComponentProps) {
  const { depot, connection, mostKva, flexible, heardAt, heardNow, instructions, link, flex, now, canChange } =
    loaderData;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <BackLink to={`/electrify/operations/${depot.id}`}>Back to {depot.name}</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{depot.name}: the network</h1>
      <div className="mt-6 grid gap-6">
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="The connection now">
          {connection ? <ConnectionFigure connection={connection} /> : null}
          <li className="rounded-lg border bg-card p-4">
            <p className="text-sm text-muted-foreground">The network&apos;s channel</p>
            <p className="text-2xl font-semibold">{heardNow ? "Heard" : heardAt ? "Silent" : "Not connected"}</p>
            <p className="text-sm text-muted-foreground">
              {heardAt ? `Last heard ${dayAndTime(heardAt)}. ` : ""}
              {flexible
                ? heardNow
                  ? "The non-firm part is in use while it is heard every 5 minutes."
                  : "The chargers are held to the firm part until it is heard (fail safe)."
                : "Its limits, from its OpenADR VTN or the fleet API (PUT /api/v1/depots/{id}/network), are obeyed as they come."}
            </p>
          </li>
        </ul>
        <NetworkLimitsCard instructions={instructions} canChange={canChange} />
        {canChange ? <GiveLimitForm mostKva={mostKva} /> : null}
        <FlexCard requests={flex} canChange={canChange} now={now} />
        <OpenAdrCard link={link} canChange={canChange} />
      </div>
    </section>
  );
}
