import { Readable } from "node:stream";

import { readUpload } from "~/features/chargers/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import type { Route } from "./+types/charger-upload";

/** A file a charger uploaded (diagnostics or a log, issue 59), for whoever may read the depot's operations. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  try {
    const file = await readUpload(
      getRuntime(),
      user,
      parseId(params.depotId),
      parseId(params.chargePointId),
      parseId(params.uploadId),
    );
    return new Response(Readable.toWeb(file.stream) as ReadableStream, {
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(file.bytes),
        "content-disposition": `attachment; filename="${file.fileName}"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return new Response("File not found", { status: 404 });
  }
}
