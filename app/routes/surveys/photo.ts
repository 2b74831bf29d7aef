import { Readable } from "node:stream";
import { data } from "react-router";

import { getPhotoForViewer } from "~/features/depots/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/photo";

/** A survey photo or its thumbnail, for the depot's owner and for admins; everyone else gets the same 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  const runtime = getRuntime();
  const photo = await getPhotoForViewer(runtime, parseId(params.photoId), viewer);
  const key = photo
    ? new URL(request.url).pathname.endsWith("/thumbnail")
      ? photo.thumbnail_key
      : photo.storage_key
    : null;
  const file = key ? await runtime.storage.read(key) : null;
  if (!photo || !file) throw data("Photo not found", { status: 404 });
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": photo.content_type,
      "Content-Length": String(file.bytes),
      "Cache-Control": "private, max-age=3600",
      "Content-Disposition": "inline",
    },
  });
}
