import { encodePhotoInBackground, type ProcessedPhoto } from "./encode-photo.server";

export type { ProcessedPhoto } from "./encode-photo.server";

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

/**
 * Checks and re-encodes an uploaded photo (encodePhoto) in the background
 * process, PHOTO_WORKERS at a time, so decoding never takes the CPU from
 * page requests. A photo we cannot read is a UserError with a message for the user.
 */
export function processPhoto(filePath: string, label: string): Promise<ProcessedPhoto> {
  return withSlot(() => encodePhotoInBackground(filePath, label));
}
