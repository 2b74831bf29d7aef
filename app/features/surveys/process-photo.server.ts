import sharp from "sharp";
import { MAX_PHOTO_SIDE } from "./photo-limits";

export const THUMBNAIL_WIDTH = 480;

export class PhotoError extends Error {
  override name = "PhotoError";
}

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

export type ProcessedPhoto = { image: Buffer; thumbnail: Buffer; width: number; height: number; contentType: "image/jpeg" };

/**
 * Recognises the image by its content (not its name), then re-encodes it:
 * orientation applied, metadata (GPS, camera) stripped, longest side at most
 * 2560 px, plus a thumbnail. Reads from a file so the upload is never held
 * whole in memory before sharp needs it.
 */
export async function processPhoto(filePath: string, label: string): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    format = (await sharp(filePath).metadata()).format;
  } catch {
    throw new PhotoError(`${label}: this file is not an image we can read. Please use a JPEG, PNG or WebP photo.`);
  }
  if (format === "heif") throw new PhotoError(`${label}: HEIC photos are not supported. Please set your camera to JPEG ("Most Compatible") or export the photo as JPEG.`);
  if (!format || !ACCEPTED.has(format)) throw new PhotoError(`${label}: only JPEG, PNG and WebP photos are accepted.`);

  const { data: image, info } = await sharp(filePath, { failOn: "error" })
    .rotate()
    .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(image).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
  return { image, thumbnail, width: info.width, height: info.height, contentType: "image/jpeg" };
}
