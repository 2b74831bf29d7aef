import { Readable } from "node:stream";
import { data } from "react-router";

import { readQuoteFile } from "~/features/portfolio/index.server";
import { requireUser } from "~/lib/auth/guards.server";
import { parseId } from "~/lib/parse-id";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/quote";

/** The connection quote's PDF, for the depot's haulier or an admin; anyone else gets 404, as for a depot with none. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const file = await readQuoteFile(getRuntime(), user, parseId(params.depotId));
  if (!file) throw data("No quote here", { status: 404 });
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(file.bytes),
      "Content-Disposition": `attachment; filename="${file.name.replace(/"/g, "")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
