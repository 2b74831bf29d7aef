import type { Insertable } from "kysely";

import { assertRoomForDepots } from "~/features/depots";
import { insertDepots, requireRole } from "~/features/depots/index.server";
import type { SessionUser } from "~/lib/auth/session.server";
import type { SurveyPhotoTable } from "~/lib/db/schema";
import { deliverMail, enqueueMail } from "~/lib/mail/outbox.server";
import type { Runtime } from "~/lib/runtime.server";

import { processPhoto } from "./process-photo.server";
import { locationText, PHOTO_FIELDS, type PhotoKind, type SurveyFields } from "./survey-schema";

export type UploadedPhoto = { kind: PhotoKind; path: string };
type PhotoRecord = Omit<Insertable<SurveyPhotoTable>, "depot_id" | "created_at">;
export type SubmitResult = { depotId: number; emailSent: boolean; duplicate: boolean };

type Deps = Pick<Runtime, "database" | "storage" | "env" | "log">;

/**
 * Saves a survey: photos are processed and stored first, then the depot and
 * its photo records are committed in one transaction. If anything fails, the
 * stored files are removed and nothing is left half-saved. The same
 * idempotency key from the same user returns the first depot instead of a copy.
 */
export async function submitSurvey(
  deps: Deps,
  user: SessionUser,
  fields: SurveyFields,
  photos: UploadedPhoto[],
): Promise<SubmitResult> {
  const db = deps.database.db;
  // A survey adds a depot to the company: its owners and fleet managers.
  const company = requireRole(user, "company.depots");
  const existing = await findByIdempotencyKey(deps, user.id, fields.idempotencyKey);
  if (existing) return { depotId: existing, emailSent: true, duplicate: true };
  // Checked before the photos are processed, and again where the depot is inserted.
  await assertRoomForDepots(db, company.id, 1);

  const folder = `surveys/${crypto.randomUUID()}`;
  const storedKeys: string[] = [];
  try {
    let cableIndex = 0;
    const records: PhotoRecord[] = [];
    for (const photo of photos) {
      const imageType = photo.kind === "cable_run" ? `cable_run_${++cableIndex}` : photo.kind;
      const processed = await processPhoto(photo.path, PHOTO_FIELDS[photo.kind].label);
      const storageKey = `${folder}/${imageType}.jpg`;
      const thumbnailKey = `${folder}/${imageType}-thumb.jpg`;
      await deps.storage.put(storageKey, processed.image);
      storedKeys.push(storageKey);
      await deps.storage.put(thumbnailKey, processed.thumbnail);
      storedKeys.push(thumbnailKey);
      records.push({
        image_type: imageType,
        storage_key: storageKey,
        thumbnail_key: thumbnailKey,
        content_type: processed.contentType,
        width: processed.width,
        height: processed.height,
        bytes: processed.image.byteLength,
      });
    }

    const depotId = await db.transaction().execute(async (trx) => {
      await assertRoomForDepots(trx, company.id, 1);
      const [id] = await insertDepots(trx, [
        {
          depot: {
            user_id: user.id,
            company_id: company.id,
            contact_name: user.email,
            contact_email: user.email,
            contact_phone: null,
            depot_name: fields.depotName,
            depot_address: fields.depotAddress,
            number_of_vehicles: fields.numberOfEVs,
            additional_notes: fields.additionalNotes,
            location_latitude: fields.latitude,
            location_longitude: fields.longitude,
            location_address: fields.locationAddress ?? locationText(fields.latitude, fields.longitude),
            cable_run_obstacles: fields.cableRunObstacles,
            status: "pending",
            idempotency_key: fields.idempotencyKey,
            created_at: new Date().toISOString(),
          },
          photos: records.map((record) => ({ ...record, created_at: new Date().toISOString() })),
        },
      ]);
      return id!;
    });

    return {
      depotId,
      emailSent: await sendSurveyEmails(deps, user, fields, depotId, records.length),
      duplicate: false,
    };
  } catch (error) {
    await Promise.all(storedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    // A double submit that raced past the first check lands on the unique key: answer with the first depot.
    const raced = await findByIdempotencyKey(deps, user.id, fields.idempotencyKey).catch(() => null);
    if (raced) return { depotId: raced, emailSent: true, duplicate: true };
    throw error;
  }
}

/** The depot a user's survey with this idempotency key saved, if one did. */
export async function findByIdempotencyKey(
  deps: Pick<Runtime, "database">,
  userId: string,
  key: string,
): Promise<number | null> {
  const row = await deps.database.db
    .selectFrom("depots")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Queues the confirmation and the team's notification, then tries the confirmation at once. */
async function sendSurveyEmails(
  deps: Deps,
  user: SessionUser,
  fields: SurveyFields,
  depotId: number,
  photoCount: number,
): Promise<boolean> {
  const details = [
    `Depot: ${fields.depotName}`,
    `Address: ${fields.depotAddress}`,
    `Vehicles: ${fields.numberOfEVs ?? "Not specified"}`,
    `Location: ${locationText(fields.latitude, fields.longitude)}`,
    `Photos: ${photoCount}`,
    `Cable run obstacles: ${fields.cableRunObstacles ?? "None noted"}`,
    `Notes: ${fields.additionalNotes ?? "None"}`,
  ].join("\n");
  try {
    const confirmation = await enqueueMail(deps.database.db, {
      to: user.email,
      subject: `We received your depot survey: ${fields.depotName}`,
      text: `Thank you for submitting your depot survey.\n\n${details}\n\nOur installation specialists will review it and contact you within 2-3 business days.\nYou can see it any time at ${deps.env.APP_URL}/depots/${depotId}\n\nElectrify`,
    });
    await enqueueMail(deps.database.db, {
      to: deps.env.NOTIFY_EMAIL,
      subject: `New depot survey: ${fields.depotName}`,
      text: `${user.email} submitted a depot survey.\n\n${details}\n\nReview it at ${deps.env.APP_URL}/admin/depot/${depotId}`,
    });
    return await deliverMail(deps, confirmation);
  } catch (error) {
    deps.log.error({ err: error, depotId }, "could not queue the survey e-mails");
    return false;
  }
}
