import { data } from "react-router";

import { BackLink } from "~/components/back-link";
import {
  askForCertificate,
  changeChargerSetting,
  chargerSettingsPage,
  lowerSecurityProfile,
  raiseSecurityProfile,
  readChargerSettings,
  requestUpload,
  revokeCertificates,
  triggerChargerMessage,
  updateCharger,
} from "~/features/chargers/index.server";
import { depotResource } from "~/features/depots/index.server";
import {
  ChargerFirmwareCard,
  ChargerFramesCard,
  ChargerLogsCard,
  ChargerMessagesCard,
  ChargerSettingsCard,
  SecureConnectionCard,
  SecurityEventsCard,
} from "~/features/operations";
import { allowed } from "~/lib/access/access.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/charger";

/** One charger of a depot (issue 59): its configuration read and changed, and messages asked of it. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.charger ? `${loaderData.charger.name} | Operations | Electrify` : "Charger | Electrify" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const runtime = getRuntime();
  const depotId = parseId(params.depotId);
  try {
    const page = await chargerSettingsPage(runtime, user, depotId, parseId(params.chargePointId));
    const { depot, ...rest } = page;
    return {
      ...rest,
      depot: { id: depot.id, name: depot.name },
      // A viewer reads the configuration without the forms that change it (the server refuses them anyway).
      canChange:
        depot.companyId !== null &&
        allowed(user, "operations.change", depotResource({ id: depot.id, companyId: depot.companyId })),
    };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    throw data("Charger not found", { status: 404 });
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request);
  const runtime = getRuntime();
  const depotId = parseId(params.depotId);
  const chargePointId = parseId(params.chargePointId);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return handleIntent(form, runtime, {
    "read-settings": async () =>
      succeeded(await readChargerSettings(runtime, user, depotId, chargePointId), undefined, "read-settings"),
    "change-setting": async () => {
      const results = await changeChargerSetting(runtime, user, depotId, chargePointId, fields);
      const all = results.every((r) => r.status === "Accepted" || r.status === "RebootRequired");
      return succeeded(
        all ? `${fields.variable} changed` : `${fields.variable}: not every charger took it`,
        { results },
        "change-setting",
      );
    },
    "update-firmware": async () => {
      const image = await updateCharger(runtime, user, depotId, chargePointId, fields);
      return succeeded(`Update to ${image.version} on its way`, undefined, "update-firmware");
    },
    "fetch-logs": async () => {
      const asked = await requestUpload(runtime, user, depotId, chargePointId, fields);
      if (!asked.accepted) throw new UserError(`${asked.kind}: the charger answered ${asked.answer}`, { status: 409 });
      return succeeded(`${asked.kind} asked for: it will appear here once uploaded`, undefined, "fetch-logs");
    },
    "ask-certificate": async () => {
      await askForCertificate(runtime, user, depotId, chargePointId);
      return succeeded("Asked: its certificate comes once it sends its request", undefined, "ask-certificate");
    },
    "revoke-certificate": async () => {
      const { count, disconnected } = await revokeCertificates(runtime, user, depotId, chargePointId);
      const what = count === 1 ? "Its certificate was revoked" : `Its ${count} certificates were revoked`;
      return succeeded(disconnected ? `${what}, and it was disconnected` : what, undefined, "revoke-certificate");
    },
    "raise-profile": async () => {
      const { target } = await raiseSecurityProfile(runtime, user, depotId, chargePointId, fields);
      return succeeded(`Raising to profile ${target}: it reconnects when it can`, undefined, "raise-profile");
    },
    "lower-profile": async () => {
      const { profile } = await lowerSecurityProfile(runtime, user, depotId, chargePointId, fields);
      return succeeded(`It may connect with profile ${profile}`, undefined, "lower-profile");
    },
    trigger: async () => {
      const { label, status } = await triggerChargerMessage(runtime, user, depotId, chargePointId, fields);
      return succeeded(`${label}: ${status}`, undefined, "trigger");
    },
  });
}

export default function ChargerPage({ loaderData }: Route.ComponentProps) {
  const { charger, depot, settings, sameModel, changes, canChange, frames, firmware, uploads, ftp, security } =
    loaderData;
  const { connection } = loaderData;
  const base = `/electrify/operations/${depot.id}`;
  return (
    <section className="w-full px-4 py-8 sm:px-6">
      <BackLink to={`/electrify/operations/${depot.id}`}>Back to {depot.name}</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{charger.name}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        <span className="font-mono">{charger.identity}</span>
        {charger.vendor || charger.model ? ` · ${[charger.vendor, charger.model].filter(Boolean).join(" ")}` : ""}
        {charger.firmware ? ` · firmware ${charger.firmware}` : ""}
        {charger.protocol ? ` · ${charger.protocol === "ocpp1.6" ? "OCPP 1.6J" : "OCPP 2.0.1"}` : ""}
        {` · ${charger.connected ? "connected" : "offline"}`}
      </p>
      <div className="mt-6 grid grid-cols-1 gap-6 [&>*]:min-w-0">
        <ChargerSettingsCard
          settings={settings}
          protocol={charger.protocol}
          sameModel={sameModel}
          canChange={canChange && charger.protocol !== null}
        />
        <ChargerMessagesCard changes={changes} canChange={canChange && charger.protocol !== null} />
        <ChargerFirmwareCard
          firmware={charger.firmware}
          firmwareStatus={charger.firmware_status}
          updates={firmware.updates}
          images={firmware.images}
          canChange={canChange}
          firmwarePage={`${base}/firmware`}
        />
        <ChargerLogsCard
          protocol={charger.protocol}
          uploads={uploads}
          ftp={ftp}
          canChange={canChange}
          downloadBase={`${base}/chargers/${charger.id}/uploads`}
        />
        <SecureConnectionCard connection={connection} connected={charger.connected} canChange={canChange} />
        <SecurityEventsCard events={security} protocol={charger.protocol} />
        <ChargerFramesCard
          frames={frames}
          download={`/electrify/operations/${depot.id}/chargers/${charger.id}/frames.jsonl`}
        />
      </div>
    </section>
  );
}
