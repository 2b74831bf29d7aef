import sharp from "sharp";

import { backgroundTask } from "~/lib/background/background.server";
import { UserError } from "~/lib/user-error";

import { MAX_INPUT_MEGAPIXELS, MAX_PHOTO_SIDE } from "./photo-limits";

const MAX_INPUT_PIXELS = MAX_INPUT_MEGAPIXELS * 1_000_000;

export const THUMBNAIL_WIDTH = 480;

/** A photo we cannot take: the message is shown by the survey's photo fields. */
const photoError = (message: string) => new UserError(message, { fieldErrors: { photos: message } });

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

// A decoded 12-megapixel photo takes ~36 MB plus libvips' working memory;
// each photo is decoded on one libvips thread, and the caller bounds how many
// run at once (process-photo.server.ts), which keeps memory flat however many
// surveys arrive together (measured in `npm run bench:surveys`).
sharp.cache(false);
sharp.concurrency(1);

export type ProcessedPhoto = {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  contentType: "image/jpeg";
};

/**
 * Recognises the image by its content (not its name), then re-encodes it:
 * orientation applied, metadata (GPS, camera) stripped, longest side at most
 * 2560 px, plus a thumbnail. Reads from a file so the upload is never held
 * whole in memory before sharp needs it.
 */
export async function encodePhoto(filePath: string, label: string): Promise<ProcessedPhoto> {
  let format: string | undefined;
  let pixels: number;
  try {
    const metadata = await sharp(filePath, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw photoError(`${label}: this file is not an image we can read. Please use a JPEG, PNG or WebP photo.`);
  }
  if (format === "heif")
    throw photoError(
      `${label}: HEIC photos are not supported. Please set your camera to JPEG ("Most Compatible") or export the photo as JPEG.`,
    );
  if (!format || !ACCEPTED.has(format)) throw photoError(`${label}: only JPEG, PNG and WebP photos are accepted.`);
  // The header is read without decoding; the limit on decoding below holds whatever the header said.
  if (pixels > MAX_INPUT_PIXELS) {
    throw photoError(
      `${label}: this photo is ${Math.round(pixels / 1_000_000)} megapixels; the most we take is ${MAX_INPUT_MEGAPIXELS}. Please take it at your camera's standard size.`,
    );
  }

  const { data: image, info } = await sharp(filePath, {
    failOn: "error",
    sequentialRead: true,
    limitInputPixels: MAX_INPUT_PIXELS,
  })
    .rotate()
    .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(image)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 75 })
    .toBuffer();
  return { image, thumbnail, width: info.width, height: info.height, contentType: "image/jpeg" };
}

/** encodePhoto in the lower-priority background process (the caller bounds how many run at once). */
export const encodePhotoInBackground = backgroundTask("encodePhoto", encodePhoto);
