import sharp from "sharp";
import { MAX_PHOTO_SIDE } from "./photo-limits";

export const THUMBNAIL_WIDTH = 480;

export class PhotoError extends Error {
  override name = "PhotoError";
}

const ACCEPTED = new Set(["jpeg", "png", "webp"]);

// A decoded 12-megapixel photo takes ~36 MB plus libvips' working memory;
// decoding a fixed number at a time, each on one libvips thread, keeps memory
// flat however many surveys arrive together (measured in `npm run bench:surveys`).
sharp.cache(false);
sharp.concurrency(1);
let maxParallel = 1;

/** How many photos are processed at once (PHOTO_WORKERS): more is faster on machines with memory to spare. */
export function setPhotoWorkers(count: number): void {
  maxParallel = Math.max(1, Math.floor(count));
}
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free; a finished job hands its slot straight to the next in line. */
async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < maxParallel) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export type ProcessedPhoto = { image: Buffer; thumbnail: Buffer; width: number; height: number; contentType: "image/jpeg" };

/**
 * Recognises the image by its content (not its name), then re-encodes it:
 * orientation applied, metadata (GPS, camera) stripped, longest side at most
 * 2560 px, plus a thumbnail. Reads from a file so the upload is never held
 * whole in memory before sharp needs it.
 */
export function processPhoto(filePath: string, label: string): Promise<ProcessedPhoto> {
  return withSlot(() => encode(filePath, label));
}

async function encode(filePath: string, label: string): Promise<ProcessedPhoto> {
  let format: string | undefined;
  try {
    format = (await sharp(filePath).metadata()).format;
  } catch {
    throw new PhotoError(`${label}: this file is not an image we can read. Please use a JPEG, PNG or WebP photo.`);
  }
  if (format === "heif") throw new PhotoError(`${label}: HEIC photos are not supported. Please set your camera to JPEG ("Most Compatible") or export the photo as JPEG.`);
  if (!format || !ACCEPTED.has(format)) throw new PhotoError(`${label}: only JPEG, PNG and WebP photos are accepted.`);

  const { data: image, info } = await sharp(filePath, { failOn: "error", sequentialRead: true })
    .rotate()
    .resize({ width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer({ resolveWithObject: true });
  const thumbnail = await sharp(image).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
  return { image, thumbnail, width: info.width, height: info.height, contentType: "image/jpeg" };
}
