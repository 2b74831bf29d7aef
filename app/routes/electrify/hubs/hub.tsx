import { data } from "react-router";

import { BackLink } from "~/components/back-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  AdHocCard,
  adHocSchema,
  BookingsCard,
  bookingSchema,
  ContractForm,
  contractRequestSchema,
  ContractsCard,
  describePrices,
  describeWindow,
  DisputesCard,
  hhmm,
  HubStatusCard,
  StatementsCard,
  VehiclesNowCard,
  WeekGrid,
} from "~/features/hubs";
import {
  bookAdHoc,
  bookVisit,
  cancelBooking,
  changeHubStatus,
  decideContract,
  disputeLine,
  hubPageData,
  requestContract,
  requireContract,
  requireHub,
  resolveDispute,
  withdrawContract,
} from "~/features/hubs/index.server";
import { useLiveEvents } from "~/features/operations";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/hub";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.hub.name ?? "Hub"} | Electrify` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  // Another company's hub not yet open answers like one that does not exist.
  const hub = await requireHub(runtime, user, parseId(params.hubId)).catch((error: unknown) => {
    throw error instanceof UserError && error.status === 404 ? data(error.message, { status: 404 }) : error;
  });
  return hubPageData(runtime, user, hub, new URL(request.url).searchParams.get("month"));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const hubId = parseId(params.hubId);
  const form = await readForm(request, { fields: 30 });
  const contractId = () => parseId(form.get("contractId"));
  return handleIntent(
    form,
    { log: runtime.log },
    {
      request: async () => {
        // The policy first (a refusal says so whatever was typed), then the request's fields.
        await requireHub(runtime, user, hubId, "hub.request");
        const parsed = contractRequestSchema.safeParse({ ...Object.fromEntries(form), days: form.getAll("days") });
        if (!parsed.success) throw invalidInput(parsed.error);
        await requestContract(runtime, user, hubId, parsed.data);
        return succeeded(
          "Request sent: the hub can take it",
          { description: "Its operator decides; you will see it here." },
          "request",
        );
      },
      accept: async () => {
        await decideContract(runtime, user, contractId(), true, null, hubId);
        return succeeded("Contract accepted", {}, "accept");
      },
      decline: async () => {
        await decideContract(runtime, user, contractId(), false, null, hubId);
        return succeeded("Request declined", {}, "decline");
      },
      visit: async () => {
        await requireHub(runtime, user, hubId, "hub.visit");
        const parsed = adHocSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) throw invalidInput(parsed.error);
        await bookAdHoc(runtime, user, hubId, parsed.data);
        return succeeded(`${parsed.data.vehicle} booked at the list price`, {}, "visit");
      },
      book: async () => {
        await requireContract(runtime, user, contractId(), "contract.book", hubId);
        const parsed = bookingSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) throw invalidInput(parsed.error);
        await bookVisit(runtime, user, hubId, parsed.data);
        return succeeded(`${parsed.data.vehicle} booked`, {}, "book");
      },
      "cancel-booking": async () => {
        await cancelBooking(runtime, user, hubId, parseId(form.get("bookingId")));
        return succeeded("Booking cancelled", {}, "cancel-booking");
      },
      dispute: async () => {
        await disputeLine(runtime, user, hubId, Object.fromEntries(form));
        return succeeded("Line disputed: the operator will answer", {}, "dispute");
      },
      uphold: async () => {
        await resolveDispute(runtime, user, hubId, Object.fromEntries(form), true);
        return succeeded("Dispute upheld", {}, "uphold");
      },
      reject: async () => {
        await resolveDispute(runtime, user, hubId, Object.fromEntries(form), false);
        return succeeded("Dispute rejected", {}, "reject");
      },
      withdraw: async () => {
        await withdrawContract(runtime, user, contractId(), hubId);
        return succeeded("Request withdrawn", {}, "withdraw");
      },
      suspend: async () =>
        statusChanged(await changeHubStatus(runtime, user, hubId, "suspend"), "suspended", "suspend"),
      reopen: async () => statusChanged(await changeHubStatus(runtime, user, hubId, "reopen"), "reopened", "reopen"),
      close: async () => statusChanged(await changeHubStatus(runtime, user, hubId, "close"), "closed", "close"),
    },
  );
}

/** The operator's change of the hub's status, said with who was told and what was cancelled. */
const statusChanged = (done: { told: number; cancelled: number }, what: string, intent: string) =>
  succeeded(
    {
      title: `Hub ${what}`,
      description: `${done.told} e-mail${done.told === 1 ? "" : "s"} to its customers${
        done.cancelled ? `; ${done.cancelled} booking${done.cancelled === 1 ? "" : "s"} cancelled` : ""
      }.`,
    },
    {},
    intent,
  );

const openingText = (hub: { openDays: number[]; openFrom: number; openTo: number }) =>
  hub.openFrom === hub.openTo && hub.openDays.length === 7
    ? "Open all day, every day"
    : describeWindow({
        days: hub.openDays,
        arriveFrom: hub.openFrom,
        arriveTo: hub.openFrom,
        departFrom: hub.openTo,
        departTo: hub.openTo,
      }).replace(/, arriving .*/, ` ${hhmm(hub.openFrom)}–${hhmm(hub.openTo)}`);

/** One hub: its prices and opening, the week by hour, the contracts the viewer may see, and a haulier's request. */
export default function HubPage({ loaderData }: Route.ComponentProps) {
  const { hub, week, contracts, bookings, statements, month, months, may, bookableDays, vehicleTypes } = loaderData;
  const { startDays } = loaderData;
  // What this viewer sees changed: the page reads again (what each viewer may see is the loader's to decide).
  const live = useLiveEvents(may.live ? `/electrify/hubs/${hub.id}/events` : null);
  const { disputes, disputeMonth, disputeLines, now } = loaderData;
  const accepted = contracts
    .filter((c) => c.status === "accepted")
    .map((c) => ({ id: c.id, label: `${c.vehicles} × ${c.vehicleType}, ${c.windowText}` }));
  return (
    <section className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <BackLink to="/electrify/hubs">All hubs</BackLink>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{hub.name}</h1>
        <p className="mt-2 text-muted-foreground">
          {hub.address} · run by {hub.operator.name}
          {hub.status === "proposed" ? " · waiting for the consultancy's approval" : ""}
          {hub.status === "suspended" ? " · suspended by its operator: nothing can be booked or cancelled now" : ""}
          {hub.status === "closed" ? " · closed by its operator" : ""}
        </p>
      </div>
      {may.run ? <HubStatusCard name={hub.name} status={hub.status} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Prices and opening</CardTitle>
          <CardDescription>A contract keeps the prices it was asked at.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-1 text-sm">
          <p>{describePrices(hub.prices)}.</p>
          <p>{openingText(hub)}.</p>
        </CardContent>
      </Card>
      {now.vehicles.length > 0 || hub.as !== "haulier" ? <VehiclesNowCard {...now} as={hub.as} live={live} /> : null}
      <WeekGrid hours={week.byHour} limitKw={week.limitKw} chargers={week.chargers} />
      {vehicleTypes && may.request ? <ContractForm vehicleTypes={vehicleTypes} days={startDays} /> : null}
      <ContractsCard contracts={contracts} as={hub.as} mayAct={hub.as === "haulier" ? may.withdraw : may.decide} />
      {accepted.length > 0 || bookings.length > 0 ? (
        <BookingsCard
          bookings={bookings}
          contracts={accepted}
          as={hub.as}
          mayBook={may.book}
          mayCancel={may.cancel}
          graceMinutes={hub.prices.graceMinutes}
          days={bookableDays}
          ownVehicles={loaderData.ownVehicles}
        />
      ) : null}
      {vehicleTypes && may.visit ? (
        <AdHocCard
          vehicleTypes={vehicleTypes}
          days={bookableDays}
          prices={describePrices(hub.prices)}
          ownVehicles={loaderData.ownVehicles}
        />
      ) : null}
      {contracts.length > 0 || bookings.length > 0 ? (
        <StatementsCard hubId={hub.id} month={month} months={months} statements={statements} as={hub.as} />
      ) : null}
      {contracts.length > 0 || bookings.length > 0 ? (
        <DisputesCard
          disputes={disputes}
          as={hub.as}
          month={disputeMonth}
          lines={disputeLines}
          mayDispute={may.dispute}
          mayResolve={may.decide}
        />
      ) : null}
    </section>
  );
}
