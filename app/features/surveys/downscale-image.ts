import { MAX_PHOTO_SIDE } from "./photo-limits";

/**
 * Shrinks a photo in the browser before upload so a phone on a poor
 * connection sends ~1 MB instead of 5–10 MB. Orientation is applied. Files the
 * browser cannot decode (HEIC on most desktops) are sent as they are; the
 * server then explains what to do.
 */
export async function downscaleImage(file: File, maxSide = MAX_PHOTO_SIDE): Promise<Blob> {
  if (typeof createImageBitmap !== "function") return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  if (scale === 1 && file.size < 3 * 1024 * 1024) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
  return blob ?? file;
}
