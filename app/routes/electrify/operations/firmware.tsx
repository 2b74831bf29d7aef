import { data } from "react-router";

import { BackLink } from "~/components/back-link";
import { MAX_FIRMWARE_MB } from "~/features/chargers";
import {
  addFirmwareImage,
  depotFirmwarePage,
  MAX_ROLLOUT_DEPOTS,
  removeFirmwareImage,
  startRollout,
  steerRollout,
} from "~/features/chargers/index.server";
import { depotResource } from "~/features/depots/index.server";
import { FirmwareImagesCard, FirmwareRolloutsCard, FirmwareVersionsCard } from "~/features/operations";
import { allowed } from "~/lib/access/access.server";
import { handleIntent, succeeded } from "~/lib/action-result.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/firmware";

/** A depot's firmware (issue 59, item 3): versions by model, the company's images, and rollouts in waves. */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.depot ? `Firmware | ${loaderData.depot.name} | Electrify` : "Firmware | Electrify" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    const page = await depotFirmwarePage(getRuntime(), user, parseId(params.depotId));
    return {
      ...page,
      maxMb: MAX_FIRMWARE_MB,
      canChange: allowed(user, "operations.change", depotResource(page.depot)),
    };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    throw data("Depot not found", { status: error.status });
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readForm(request, {
    files: 1,
    fileSize: MAX_FIRMWARE_MB * 1024 * 1024,
    fields: 20 + MAX_ROLLOUT_DEPOTS,
  });
  const runtime = getRuntime();
  const depotId = parseId(params.depotId);
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return handleIntent(form, runtime, {
    "upload-image": async () => {
      const image = await addFirmwareImage(runtime, user, depotId, form);
      return succeeded(`Image ${image.version} uploaded`, undefined, "upload-image");
    },
    "remove-image": async () => {
      const image = await removeFirmwareImage(runtime, user, depotId, fields.imageId);
      return succeeded(`Image ${image.version} removed`, undefined, "remove-image");
    },
    "start-rollout": async () => {
      const rollout = await startRollout(runtime, user, depotId, { ...fields, depotIds: form.getAll("depotIds") });
      const where = rollout.depots > 1 ? ` at ${rollout.depots} depots` : "";
      return succeeded(
        `Rollout of ${rollout.version} to ${rollout.chargers} charger${rollout.chargers === 1 ? "" : "s"}${where} started`,
        undefined,
        "start-rollout",
      );
    },
    "pause-rollout": async () =>
      succeeded(
        `Rollout ${await steerRollout(runtime, user, depotId, fields.rolloutId, "pause")}d`,
        undefined,
        "pause-rollout",
      ),
    "resume-rollout": async () =>
      succeeded(
        `Rollout ${await steerRollout(runtime, user, depotId, fields.rolloutId, "resume")}d`,
        undefined,
        "resume-rollout",
      ),
    "cancel-rollout": async () =>
      succeeded(
        `Rollout ${await steerRollout(runtime, user, depotId, fields.rolloutId, "cancel")}led`,
        undefined,
        "cancel-rollout",
      ),
  });
}

export default function FirmwarePage({ loaderData }: Route.ComponentProps) {
  const { depot, depots, versions, images, rollouts, models, canChange, maxMb } = loaderData;
  return (
    <section className="w-full px-4 py-8 sm:px-6">
      <BackLink to={`/electrify/operations/${depot.id}`}>Back to {depot.name}</BackLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Firmware</h1>
      <p className="mt-2 text-sm text-muted-foreground">{depot.name}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <FirmwareVersionsCard versions={versions} />
        <FirmwareRolloutsCard
          depotId={depot.id}
          depots={depots}
          rollouts={rollouts}
          images={images}
          models={models}
          canChange={canChange}
        />
        <div className="lg:col-span-2">
          <FirmwareImagesCard images={images} canChange={canChange} maxMb={maxMb} />
        </div>
      </div>
    </section>
  );
}
