import { ZapIcon } from "lucide-react";
import { data, Link } from "react-router";

import { BackLink } from "~/components/back-link";
import { DetailField } from "~/components/detail-field";
import { Button } from "~/components/ui/button";
import { DepotNotFound, DepotPhotoGallery, StatusBadge } from "~/features/depots";
import { getDepotForViewer } from "~/features/depots/index.server";
import { photoLabel } from "~/features/surveys";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/depot";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.depot?.name ?? "Depot not found"} | Electrify` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // Only the user's own depots: another user's id answers exactly like an unknown one.
  const depot = await getDepotForViewer(getRuntime(), parseId(params.id), user);
  return depot ? { depot } : data({ depot: null }, { status: 404 });
}

export default function DepotPage({ loaderData }: Route.ComponentProps) {
  const { depot } = loaderData;
  if (!depot) return <DepotNotFound to="/depots" label="Return to Depots" />;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <BackLink to="/depots">Back to Depots</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{depot.name}</h1>
        <StatusBadge status={depot.status} />
        {/* Surveys and Electrify are one product: from the survey straight to this depot's plan. */}
        <Button asChild className="sm:ml-auto">
          <Link to={`/electrify/depots/${depot.id}/plan`}>
            <ZapIcon aria-hidden="true" />
            Plan this depot
          </Link>
        </Button>
      </div>
      <dl className="mt-6 grid gap-5 rounded-xl border p-6 sm:grid-cols-2">
        <DetailField label="Number of vehicles">{depot.vehicles ?? "Not specified"}</DetailField>
        <DetailField label="Submitted">{depot.submittedOn}</DetailField>
        <DetailField label="Address">{depot.address ?? "Not provided"}</DetailField>
        <DetailField label="Location">{depot.location ?? "Not captured"}</DetailField>
        {depot.cableRunObstacles ? (
          <DetailField label="Cable run obstacles">{depot.cableRunObstacles}</DetailField>
        ) : null}
        {depot.notes ? <DetailField label="Additional notes">{depot.notes}</DetailField> : null}
      </dl>
      {depot.photos.length > 0 ? (
        <div className="mt-8">
          <h2 className="text-xl font-semibold">Photos</h2>
          <div className="mt-4">
            <DepotPhotoGallery photos={depot.photos} labelFor={photoLabel} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
