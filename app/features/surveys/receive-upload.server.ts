import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import { FORM_TOO_MANY_FILES, streamForm } from "~/lib/request-body.server";
import { UserError } from "~/lib/user-error";

import type { UploadedPhoto } from "./submit-survey.server";
import { MAX_CABLE_RUN_PHOTOS, PHOTO_FIELDS, type PhotoKind } from "./survey-schema";

const kindByField = new Map<string, PhotoKind>(
  (Object.keys(PHOTO_FIELDS) as PhotoKind[]).map((kind) => [PHOTO_FIELDS[kind].field, kind]),
);
/** A photo over the size limit: 413, and the message shown by the photo fields. */
const photoTooLarge = (message: string) => new UserError(message, { status: 413, fieldErrors: { photos: message } });
const TOO_MANY_PHOTOS = `Too many photos: attach at most ${MAX_CABLE_RUN_PHOTOS} cable run photos.`;

/**
 * Reads a multipart survey, streaming each photo straight to a file in `dir`:
 * whatever the photo's size, only small buffers are ever in memory. A photo
 * over the limit, too many photos, a malformed body or a client that goes
 * away mid-upload ends in a UserError with a message for the user; the
 * caller removes `dir`, so nothing of a failed upload stays on disk.
 */
export async function receiveSurveyUpload(
  request: Request,
  dir: string,
  maxFileBytes: number,
): Promise<{ fields: Record<string, string>; photos: UploadedPhoto[] }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data"))
    throw new UserError("The upload could not be read. Please try again.", { status: 400 });
  const fields: Record<string, string> = Object.create(null);
  const photos: UploadedPhoto[] = [];
  let failure: UserError | undefined;
  const fail = (error: UserError) => (failure ??= error);
  try {
    await streamForm(
      request,
      { fields: 20, fieldSize: 16 * 1024, files: 3 + MAX_CABLE_RUN_PHOTOS, fileSize: maxFileBytes },
      {
        field: (name, value) => (fields[name] = value),
        // A part this form does not take (an unknown name, a second photo of a single kind, anything after a
        // refusal) is skipped by returning nothing: streamForm drains it.
        file: (name, stream) => {
          const kind = kindByField.get(name);
          if (failure || !kind || (!PHOTO_FIELDS[kind].multiple && photos.some((photo) => photo.kind === kind)))
            return undefined;
          if (
            kind === "cable_run" &&
            photos.filter((photo) => photo.kind === "cable_run").length >= MAX_CABLE_RUN_PHOTOS
          ) {
            fail(new UserError(TOO_MANY_PHOTOS, { status: 400 }));
            return undefined;
          }
          const target = path.join(dir, String(photos.length));
          photos.push({ kind, path: target });
          return pipeline(stream, createWriteStream(target));
        },
        fileTooLarge: () =>
          fail(photoTooLarge(`Each photo must be at most ${Math.round(maxFileBytes / 1024 / 1024)} MB.`)),
      },
    );
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    throw new UserError(error.message === FORM_TOO_MANY_FILES ? TOO_MANY_PHOTOS : error.message, {
      status: error.status === 413 ? 400 : error.status,
    });
  }
  if (failure) throw failure;
  // A file input left empty arrives as a part with no content.
  const sizes = await Promise.all(photos.map((photo) => stat(photo.path).then((info) => info.size)));
  return { fields, photos: photos.filter((_, index) => sizes[index]! > 0) };
}
