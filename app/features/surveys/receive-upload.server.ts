import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import type { UploadedPhoto } from "./submit-survey.server";
import { MAX_CABLE_RUN_PHOTOS, PHOTO_FIELDS, type PhotoKind } from "./survey-schema";
import { FORM_HAS_CONTROL_CHARACTERS, hasControlCharacters } from "~/lib/read-form.server";

export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const kindByField = new Map<string, PhotoKind>((Object.keys(PHOTO_FIELDS) as PhotoKind[]).map((kind) => [PHOTO_FIELDS[kind].field, kind]));

/**
 * Reads a multipart survey, streaming each photo straight to a file in `dir`:
 * whatever the photo's size, only small buffers are ever in memory. A photo
 * over the limit, too many photos or a malformed body ends in an UploadError
 * with a message for the user.
 */
export function receiveSurveyUpload(request: Request, dir: string, maxFileBytes: number): Promise<{ fields: Record<string, string>; photos: UploadedPhoto[] }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data") || !request.body) {
    return Promise.reject(new UploadError("The upload could not be read. Please try again.", 400));
  }
  const parser = busboy({
    headers: { "content-type": contentType },
    limits: { fileSize: maxFileBytes, files: 3 + MAX_CABLE_RUN_PHOTOS, fields: 20, fieldSize: 16 * 1024, parts: 40 },
  });
  const fields: Record<string, string> = {};
  const photos: UploadedPhoto[] = [];
  const writes: Promise<void>[] = [];
  let failure: UploadError | undefined;
  const fail = (error: UploadError) => {
    failure ??= error;
  };

  return new Promise((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) fail(new UploadError("One of the text fields is too long.", 400));
      if (hasControlCharacters(name) || hasControlCharacters(value)) fail(new UploadError(FORM_HAS_CONTROL_CHARACTERS, 400));
      fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      const kind = kindByField.get(name);
      if (failure || !kind || (!PHOTO_FIELDS[kind].multiple && photos.some((photo) => photo.kind === kind))) {
        stream.resume();
        return;
      }
      if (kind === "cable_run" && photos.filter((photo) => photo.kind === "cable_run").length >= MAX_CABLE_RUN_PHOTOS) {
        fail(new UploadError(`Too many photos: attach at most ${MAX_CABLE_RUN_PHOTOS} cable run photos.`, 400));
        stream.resume();
        return;
      }
      const target = path.join(dir, String(photos.length));
      photos.push({ kind, path: target });
      stream.on("limit", () => fail(new UploadError(`Each photo must be at most ${Math.round(maxFileBytes / 1024 / 1024)} MB.`, 413)));
      writes.push(pipeline(stream, createWriteStream(target)));
    });
    parser.on("filesLimit", () => fail(new UploadError(`Too many photos: attach at most ${MAX_CABLE_RUN_PHOTOS} cable run photos.`, 400)));
    parser.on("partsLimit", () => fail(new UploadError("The upload could not be read. Please try again.", 400)));
    parser.on("error", () => reject(new UploadError("The upload could not be read. Please try again.", 400)));
    parser.on("close", () => {
      Promise.all(writes)
        .then(async () => {
          if (failure) throw failure;
          // A file input left empty arrives as a part with no content.
          const sizes = await Promise.all(photos.map((photo) => stat(photo.path).then((info) => info.size)));
          resolve({ fields, photos: photos.filter((_, index) => sizes[index]! > 0) });
        })
        .catch(reject);
    });
    Readable.fromWeb(request.body as WebReadableStream).pipe(parser);
  });
}
