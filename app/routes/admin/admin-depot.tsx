import { ArrowRightIcon } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";

import { BackLink } from "~/components/back-link";
import { DetailField } from "~/components/detail-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ADMIN_NOTES_MAX, AdminActions, capitalizeWords, formatDateTime } from "~/features/admin";
import { getSubmissionDetail, reviewDepot } from "~/features/admin/index.server";
import { DepotNotFound, DepotPhotoGallery, depotStatusSchema, StatusBadge, statusLabel } from "~/features/depots";
import { failed } from "~/lib/action-result.server";
import { requireAdmin } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { readForm } from "~/lib/request-body.server";
import { getRuntime } from "~/lib/runtime.server";
import { redirectWithToast } from "~/lib/toast.server";
import { invalidInput, UserError } from "~/lib/user-error";

import type { Route } from "./+types/admin-depot";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.depot?.name ?? "Depot not found"} | Admin | Electrify` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const runtime = getRuntime();
  const depot = await getSubmissionDetail(runtime, parseId(params.id));
  if (!depot) return data({ depot: null }, { status: 404 });
  return {
    depot: {
      ...depot,
      submittedLabel: formatDateTime(depot.submittedAt),
      history: depot.history.map((entry) => ({ ...entry, atLabel: formatDateTime(entry.at) })),
    },
  };
}

const reviewSchema = z.object({
  status: depotStatusSchema,
  adminNotes: z
    .string()
    .max(ADMIN_NOTES_MAX, `Admin notes must be at most ${ADMIN_NOTES_MAX.toLocaleString("en-GB")} characters`)
    .transform((value) => value.replace(/\r\n/g, "\n").trim()),
});

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const runtime = getRuntime();
  const form = await readForm(request);
  const parsed = reviewSchema.safeParse({ status: form.get("status"), adminNotes: form.get("adminNotes") ?? "" });
  if (!parsed.success) return failed(invalidInput(parsed.error));
  let result;
  try {
    result = await reviewDepot(runtime, {
      depotId: parseId(params.id),
      status: parsed.data.status,
      notes: parsed.data.adminNotes,
      actor: admin,
    });
  } catch (error) {
    runtime.log.error({ err: error, depotId: params.id }, "Failed to update depot status");
    return failed(
      new UserError("Failed to update depot status. Nothing was changed; please try again.", { status: 500 }),
    );
  }
  if (result.outcome === "not-found") return failed(new UserError("Depot not found", { status: 404 }));
  if (result.outcome === "unchanged")
    return failed(new UserError("Nothing to update: change the status or the notes first.", { status: 400 }));
  const notified = {
    sent: "The company's owners, fleet managers and the depot's managers were e-mailed about the new status.",
    queued: "The e-mails to the company are queued and will be retried.",
    off: undefined,
    "no-change": undefined,
  }[result.notified];
  return redirectWithToast(`/admin/depot/${params.id}`, {
    type: "success",
    title: result.statusChanged ? "Depot status updated successfully" : "Admin notes saved",
    description: notified,
  });
}

export default function AdminDepotPage({ loaderData, actionData }: Route.ComponentProps) {
  const { depot } = loaderData;
  if (!depot) return <DepotNotFound to="/admin" label="Return to Admin Dashboard" />;
  const hasLocation = depot.locationAddress || (depot.latitude !== null && depot.longitude !== null);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <BackLink to="/admin">Back to Admin Dashboard</BackLink>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{depot.name}</h1>
        <StatusBadge status={depot.status} />
      </div>
      <p className="mt-1 text-muted-foreground">
        Submitted <time dateTime={depot.submittedAt}>{depot.submittedLabel}</time> ·{" "}
        <Link className="underline" to={`/electrify/operations/${depot.id}`}>
          Chargers and operations
        </Link>
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Depot Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-5 sm:grid-cols-2">
                <DetailField label="Depot address">{depot.address}</DetailField>
                <DetailField label="Number of vehicles">{depot.vehicles ?? "Not specified"}</DetailField>
                {hasLocation ? (
                  <DetailField label="Location">
                    {/* A captured location's text is its coordinates ("Location at …"): shown once. */}
                    {depot.locationAddress && !depot.locationAddress.startsWith("Location at") ? (
                      <span className="block">{depot.locationAddress}</span>
                    ) : null}
                    {depot.latitude !== null && depot.longitude !== null ? (
                      <span className="block text-sm text-muted-foreground">
                        {depot.latitude.toFixed(6)}, {depot.longitude.toFixed(6)}
                      </span>
                    ) : null}
                  </DetailField>
                ) : null}
                {depot.cableRunObstacles ? (
                  <DetailField label="Cable run obstacles">{depot.cableRunObstacles}</DetailField>
                ) : null}
                <DetailField label="Additional notes">{depot.notes || "None"}</DetailField>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Depot Photos</CardTitle>
            </CardHeader>
            <CardContent>
              {depot.photos.length > 0 ? (
                <DepotPhotoGallery photos={depot.photos} labelFor={capitalizeWords} />
              ) : (
                <p className="text-sm text-muted-foreground">No photos were submitted.</p>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Status History</CardTitle>
              <CardDescription>Every change made by an admin, newest first.</CardDescription>
            </CardHeader>
            <CardContent>
              {depot.history.length === 0 ? (
                <p className="text-sm text-muted-foreground">No changes yet: the depot is as it was submitted.</p>
              ) : (
                <ol className="grid gap-4" aria-label="Status history">
                  {depot.history.map((entry) => (
                    <li key={entry.id} className="rounded-lg border p-3 text-sm">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {entry.from === entry.to ? (
                          <span>Notes updated ({statusLabel(entry.to)})</span>
                        ) : (
                          <>
                            <span>{statusLabel(entry.from)}</span>
                            <ArrowRightIcon className="size-4" aria-hidden="true" />
                            <span className="sr-only">to</span>
                            <span>{statusLabel(entry.to)}</span>
                          </>
                        )}
                      </p>
                      <p className="mt-1 text-muted-foreground">
                        by {entry.actorEmail} on <time dateTime={entry.at}>{entry.atLabel}</time>
                      </p>
                      {entry.note ? <p className="mt-2 whitespace-pre-line border-l-2 pl-3">{entry.note}</p> : null}
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Contact Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4">
                <DetailField label="Name">{depot.contact.name || "Not given"}</DetailField>
                {depot.contact.organization ? (
                  <DetailField label="Organisation">{depot.contact.organization}</DetailField>
                ) : null}
                <DetailField label="Email">
                  {depot.contact.email ? (
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={`mailto:${depot.contact.email}`}
                    >
                      {depot.contact.email}
                    </a>
                  ) : (
                    "Not given"
                  )}
                </DetailField>
                {depot.contact.phone ? (
                  <DetailField label="Phone">
                    <a className="text-primary underline-offset-4 hover:underline" href={`tel:${depot.contact.phone}`}>
                      {depot.contact.phone}
                    </a>
                  </DetailField>
                ) : null}
                {depot.submitterEmail && depot.submitterEmail !== depot.contact.email ? (
                  <DetailField label="Account">{depot.submitterEmail}</DetailField>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          <AdminActions
            key={`${depot.status}\n${depot.adminNotes}`}
            status={depot.status}
            adminNotes={depot.adminNotes}
            errors={actionData?.errors ?? {}}
          />
        </div>
      </div>
    </section>
  );
}
