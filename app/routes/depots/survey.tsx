import { useId, useState, type FormEvent } from "react";
import { redirect, useNavigate } from "react-router";
import { toast } from "sonner";

import { TextField } from "~/components/text-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import {
  confirmationPath,
  downscaleImage,
  IDEMPOTENCY_KEY,
  LocationField,
  MAX_CABLE_RUN_PHOTOS,
  pendingSurveyPath,
  PHOTO_FIELDS,
  PhotoField,
  postSurvey,
  SURVEY_MESSAGES,
  surveyFieldsSchema,
  type Location,
} from "~/features/surveys";
import { findByIdempotencyKey } from "~/features/surveys/index.server";
import { formError } from "~/lib/action-result";
import { requireUser } from "~/lib/auth/guards.server";
import { getRuntime } from "~/lib/runtime.server";
import { fieldErrorsOf, type FieldErrors } from "~/lib/user-error";

import type { Route } from "./+types/survey";

export const meta: Route.MetaFunction = () => [{ title: "Depot Survey Form | Electrify" }];

/**
 * A fresh idempotency key per form: a double submit of the same form creates
 * one depot. While a submission is on its way the address carries the key
 * (pendingSurveyPath): if that survey was saved, a reload lands on its
 * confirmation; if not, the form keeps the key, so sending it again can
 * never make a copy.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const pending = new URL(request.url).searchParams.get("submission");
  if (pending && IDEMPOTENCY_KEY.test(pending)) {
    const saved = await findByIdempotencyKey(getRuntime(), user.id, pending);
    if (saved !== null) throw redirect(confirmationPath(saved, true));
    return { idempotencyKey: pending };
  }
  return { idempotencyKey: crypto.randomUUID() };
}

type Photos = {
  proposed_charging_area: File[];
  electrical_panel: File[];
  point_of_connection: File[];
  cable_run: File[];
};

function TextArea({ name, label, placeholder }: { name: string; label: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        name={name}
        rows={4}
        maxLength={5000}
        placeholder={placeholder}
        className="min-h-24 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
      />
    </div>
  );
}

export default function SurveyPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<Photos>({
    proposed_charging_area: [],
    electrical_panel: [],
    point_of_connection: [],
    cable_run: [],
  });
  const [location, setLocation] = useState<Location>({ latitude: "", longitude: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = progress !== null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const form = new FormData(event.currentTarget);
    form.set("latitude", location.latitude);
    form.set("longitude", location.longitude);
    const parsed = surveyFieldsSchema.safeParse(Object.fromEntries(form));
    const found: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (photos.proposed_charging_area.length === 0) found.photos = SURVEY_MESSAGES.photo;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(Object.values(found)[0]!);
      return;
    }
    setProgress(0);
    // From here a reload, or the browser falling back to a full page load, lands on this survey's confirmation
    // once the server has saved it (the loader above). React Router's own history entry is kept as it is.
    window.history.replaceState(window.history.state, "", pendingSurveyPath(loaderData.idempotencyKey));
    for (const [kind, files] of Object.entries(photos) as [keyof Photos, File[]][]) {
      form.delete(PHOTO_FIELDS[kind].field);
      for (const file of files)
        form.append(PHOTO_FIELDS[kind].field, await downscaleImage(file), file.name.replace(/\.\w+$/, ".jpg"));
    }
    const result = await postSurvey(form, setProgress);
    setProgress(null);
    if (result.ok && result.redirectTo) {
      if (result.emailSent) toast.success(SURVEY_MESSAGES.emailSent);
      else toast.warning(SURVEY_MESSAGES.emailFailed);
      // The server says where to go; replace: going back should not show the sent form again.
      void navigate(result.redirectTo, { replace: true });
      return;
    }
    // Everything entered stays in the form; the user can correct and send again.
    setErrors(result.errors);
    toast.error(formError(result) ?? SURVEY_MESSAGES.failed);
  };

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Depot Survey Form</h1>
      <p className="mt-2 text-muted-foreground">
        Tell us about the depot you want to electrify. Photos taken on site help our engineers most.
      </p>
      <form
        method="post"
        action="/surveys"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        noValidate
        className="mt-6 grid gap-6"
      >
        <input type="hidden" name="idempotencyKey" value={loaderData.idempotencyKey} />
        <Card>
          <CardHeader>
            <CardTitle>Depot Information</CardTitle>
            <CardDescription>Where the chargers would go and how many vehicles they serve.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextField
              name="depotName"
              label="Depot name"
              required
              error={errors.depotName}
              autoComplete="organization"
            />
            <TextField
              name="depotAddress"
              label="Depot address"
              required
              error={errors.depotAddress}
              autoComplete="street-address"
            />
            <TextField
              name="numberOfEVs"
              label="Number of electric vehicles"
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              error={errors.numberOfEVs}
            />
          </CardContent>
        </Card>

        <DepotPhotosCard photos={photos} onChange={setPhotos} error={errors.photos} />

        <Card>
          <CardHeader>
            <CardTitle>Location Data</CardTitle>
            <CardDescription>Capture the position while you stand in the depot.</CardDescription>
          </CardHeader>
          <CardContent>
            <LocationField value={location} onChange={setLocation} error={errors.latitude ?? errors.longitude} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Additional Information</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <TextArea
              name="cableRunObstacles"
              label="Cable run obstacles"
              placeholder="Roads, walls, trees or anything else between supply and chargers"
            />
            <TextArea
              name="additionalNotes"
              label="Additional notes"
              placeholder="Opening hours, shift patterns, plans for the site…"
            />
          </CardContent>
        </Card>

        {progress !== null ? (
          <div className="grid gap-2">
            <Label htmlFor="upload-progress">Uploading photos</Label>
            <progress id="upload-progress" max={1} value={progress} className="h-2 w-full accent-primary" />
          </div>
        ) : null}
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? "Processing..." : "Submit Depot Survey"}
        </Button>
      </form>
    </section>
  );
}

/** The four kinds of photo, the charging area's required; each kind's files as chosen (reduced before sending). */
function DepotPhotosCard({
  photos,
  onChange,
  error,
}: {
  photos: Photos;
  onChange: (next: Photos) => void;
  error: string | undefined;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Depot Photos</CardTitle>
        <CardDescription>Use the rear camera. Large photos are reduced before sending.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <PhotoField
          label="Proposed EV charging area"
          name={PHOTO_FIELDS.proposed_charging_area.field}
          required
          files={photos.proposed_charging_area}
          onChange={(files) => onChange({ ...photos, proposed_charging_area: files })}
          error={error}
        />
        <PhotoField
          label="Electrical panel"
          name={PHOTO_FIELDS.electrical_panel.field}
          files={photos.electrical_panel}
          onChange={(files) => onChange({ ...photos, electrical_panel: files })}
        />
        <PhotoField
          label="Point of connection"
          name={PHOTO_FIELDS.point_of_connection.field}
          files={photos.point_of_connection}
          onChange={(files) => onChange({ ...photos, point_of_connection: files })}
        />
        <PhotoField
          label="Cable run"
          description={`The route a cable would take from the supply to the chargers (up to ${MAX_CABLE_RUN_PHOTOS} photos).`}
          name={PHOTO_FIELDS.cable_run.field}
          multiple
          files={photos.cable_run}
          onChange={(files) => onChange({ ...photos, cable_run: files.slice(0, MAX_CABLE_RUN_PHOTOS) })}
        />
      </CardContent>
    </Card>
  );
}
