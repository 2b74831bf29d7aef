import { DateTime } from "luxon";
import { data } from "react-router";

import { BackLink } from "~/components/back-link";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { MAX_OFFER_CSV_KB, MAX_OFFERS, OfferForm, offerFromForm, OffersCard } from "~/features/connections";
import { addOffer, chooseOffer, listOffers, removeOffer } from "~/features/connections/index.server";
import { DepotNotFound } from "~/features/depots";
import { DEPOT_GONE, depotWithinReach, findDepot, requireDepot } from "~/features/depots/index.server";
import { readDepotPlan, workOutOffer } from "~/features/planning/index.server";
import {
  ApplicationForm,
  applicationFromForm,
  applicationSchema,
  flagReason,
  flagText,
  MAX_QUOTE_MB,
  QuoteUpload,
} from "~/features/portfolio";
import { readApplications, roadmapFor, saveApplication, saveQuoteFile } from "~/features/portfolio/index.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { UK_ZONE } from "~/lib/uk-dates";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/connection";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.depot ? `${loaderData.depot.name}: Connection | Electrify` : "Connection | Electrify" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depot = await findDepot(runtime.database.db, user, parseId(params.depotId), "application.read");
  if (!depot) throw data(DEPOT_GONE, { status: 404 });
  const today = DateTime.now().setZone(UK_ZONE).toISODate()!;
  // The roadmap is the depot's company's as the viewer may see it (an admin sees the whole company's).
  const whose = { companyId: depot.companyId, depots: depotWithinReach(user, "application.read") };
  const [{ roadmap }, applications, offers, plan, mayChange] = await Promise.all([
    roadmapFor(runtime, whose, today),
    readApplications(runtime, whose),
    listOffers(runtime, user, depot.id),
    readDepotPlan(runtime, depot.id),
    findDepot(runtime.database.db, user, depot.id, "application.change").then(Boolean),
  ]);
  const planned = roadmap.depots.find((d) => d.id === depot.id) ?? null;
  return {
    depot: { id: depot.id, name: depot.name },
    application: applications.get(depot.id) ?? null,
    flag: planned?.planned
      ? {
          ...flagText(planned.flag, roadmap.years.at(-1) ?? 0, planned.chosenOffer),
          reason: flagReason(planned.flag, planned),
          neededKva: planned.neededKva,
        }
      : null,
    maxQuoteMb: MAX_QUOTE_MB,
    offers,
    mayChange,
    // The plan run an offer's outlook is worked out from: one worked out from an older run says so.
    planAt: plan?.inputs ? plan.startedAt : null,
    // An admin came from the list of every application; the haulier from their roadmap.
    back: user.isAdmin
      ? { to: "/admin/connections", label: "Back to Connection applications" }
      : { to: "/electrify/portfolio", label: "Back to Portfolio and Roadmap" },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depotId = parseId(params.depotId);
  // Someone else's depot answers 404, and a role that may not change it 403, before a quote of up to 10 MB is read.
  await requireDepot(runtime.database.db, user, depotId, "application.change").catch((error: unknown) => {
    throw error instanceof UserError ? data(error.message, { status: error.status }) : error;
  });
  const form = await readForm(request, {
    files: 1,
    fileSize: MAX_QUOTE_MB * 1024 * 1024,
    fields: 20,
    fieldSize: (MAX_OFFER_CSV_KB + 1) * 1024,
  });
  const actor = user;
  return handleIntent(
    form,
    { log: runtime.log },
    {
      save: {
        refusedTitle: "The application was not saved",
        run: async (submitted) => {
          const parsed = applicationSchema.safeParse(applicationFromForm(submitted));
          if (!parsed.success) throw invalidInput(parsed.error);
          await saveApplication(runtime, actor, depotId, parsed.data);
          return succeeded("Connection application saved", undefined, "save");
        },
      },
      "add-offer": {
        refusedTitle: "The offer was not added",
        run: async (submitted) => {
          const { details, shape } = offerFromForm(submitted, DateTime.now().setZone(UK_ZONE).toISODate()!);
          await addOffer(runtime, actor, depotId, details, shape);
          return succeeded({ title: "Offer added", description: details.name }, undefined, "add-offer");
        },
      },
      "remove-offer": {
        refusedTitle: "The offer was not removed",
        run: async (submitted) => {
          await removeOffer(runtime, actor, depotId, submitted.get("offerId"));
          return succeeded("Offer removed", undefined, "remove-offer");
        },
      },
      "choose-offer": {
        refusedTitle: "The offer was not chosen",
        run: async (submitted) => {
          await chooseOffer(runtime, actor, depotId, submitted.get("offerId"));
          return succeeded("The application tracks this offer now", undefined, "choose-offer");
        },
      },
      "work-out-offer": {
        refusedTitle: "The offer was not worked out",
        run: async (submitted) => {
          await workOutOffer(runtime, actor, depotId, submitted.get("offerId"));
          return succeeded("Working it out on the depot's plan", undefined, "work-out-offer");
        },
      },
      quote: {
        refusedTitle: "The quote was not added",
        run: async (submitted) => {
          const file = submitted.get("quote");
          if (!(file instanceof File))
            throw new UserError("Choose the quote's PDF to upload.", {
              fieldErrors: { quote: "Choose the quote's PDF to upload." },
            });
          await saveQuoteFile(runtime, actor, depotId, {
            name: file.name,
            bytes: new Uint8Array(await file.arrayBuffer()),
          });
          return succeeded({ title: "Quote added", description: file.name }, undefined, "quote");
        },
      },
    },
  );
}

export default function ConnectionPage({ loaderData }: Route.ComponentProps) {
  const { depot, application, flag, maxQuoteMb, back, offers, mayChange, planAt } = loaderData;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <BackLink to={back.to}>{back.label}</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{depot.name}: connection application</h1>
      <div className="mt-6 grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{flag ? flag.text : "No plan yet"}</CardTitle>
            <CardDescription>
              {flag
                ? `${flag.reason}${flag.neededKva ? ` The roadmap's end needs ${flag.neededKva.toLocaleString("en-GB")} kVA.` : ""}`
                : "Make the depot's charging plan and the roadmap says when its connection runs out."}
            </CardDescription>
          </CardHeader>
        </Card>
        <OffersCard offers={offers} mayChange={mayChange} planAt={planAt} />
        {mayChange ? <OfferForm full={offers.length >= MAX_OFFERS} /> : null}
        <ApplicationForm application={application} />
        <QuoteUpload depotId={depot.id} application={application} maxMb={maxQuoteMb} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <DepotNotFound to="/electrify/portfolio" label="Back to the portfolio" />;
}
