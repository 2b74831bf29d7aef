import { Readable } from "node:stream";

import { firmwareDownload } from "~/features/chargers/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/firmware";

/**
 * A firmware image at its one-time URL (issue 59, item 3): only the charger its update was sent to knows the token,
 * and only while that update is open, for a few retries. Anything else is the same 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const runtime = getRuntime();
  const image = await firmwareDownload(runtime, params.token);
  const file = image ? await runtime.storage.read(image.file_key) : null;
  if (!image || !file) return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(file.bytes),
      "content-disposition": `attachment; filename="${image.file_name}"`,
      // A charger may check what it got against the image's hash (RFC 9530's digest, hex here for readability).
      "x-firmware-sha256": image.sha256,
      "cache-control": "no-store",
    },
  });
}
