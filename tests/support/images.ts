import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** Writes a real test photo: a gradient of the given size, with EXIF orientation and GPS-like metadata when asked. */
export async function makePhoto(dir: string, name: string, options: { width?: number; height?: number; format?: "jpeg" | "png" | "webp"; orientation?: number } = {}) {
  const { width = 1200, height = 800, format = "jpeg", orientation } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } });
  if (orientation) image = image.withMetadata({ orientation, exif: { IFD0: { Make: "TestCam", Model: "Depot 1" } } });
  const file = path.join(dir, name);
  await writeFile(file, await image.toFormat(format).toBuffer());
  return file;
}
