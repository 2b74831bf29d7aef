import { writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** Writes a real test photo: a gradient of the given size, with EXIF orientation and GPS-like metadata when asked. */
export async function makePhoto(
  dir: string,
  name: string,
  options: { width?: number; height?: number; format?: "jpeg" | "png" | "webp"; orientation?: number } = {},
) {
  const { width = 1200, height = 800, format = "jpeg", orientation } = options;
  let image = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } });
  if (orientation) image = image.withMetadata({ orientation, exif: { IFD0: { Make: "TestCam", Model: "Depot 1" } } });
  const file = path.join(dir, name);
  await writeFile(file, await image.toFormat(format).toBuffer());
  return file;
}

/**
 * A decompression bomb: a small progressive JPEG whose frame header claims
 * `width` x `height` pixels (16000 x 16000 by default), as an attacker would
 * craft one. A decoder that trusts the header allocates for the claimed size.
 */
export async function makePixelBomb(dir: string, name = "bomb.jpg", width = 16000, height = 16000): Promise<string> {
  const small = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ progressive: true })
    .toBuffer();
  // SOF2 (progressive) marker: FF C2, length (2), precision (1), height (2), width (2).
  const sof = small.indexOf(Buffer.from([0xff, 0xc2]));
  if (sof < 0) throw new Error("no progressive frame header");
  small.writeUInt16BE(height, sof + 5);
  small.writeUInt16BE(width, sof + 7);
  const file = path.join(dir, name);
  await writeFile(file, small);
  return file;
}
