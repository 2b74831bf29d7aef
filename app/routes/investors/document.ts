import { Readable } from "node:stream";
import { data } from "react-router";

import { isInvestorDocumentSlug } from "~/features/investors";
import { hasInvestorGrant, openInvestorDocument } from "~/features/investors/index.server";
import { getRuntime } from "~/lib/runtime.server";

import type { Route } from "./+types/document";

/** Streams an investor document to a browser that unlocked the room in the last few minutes; no one else. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!(await hasInvestorGrant(request))) {
    throw data("Unlock the investor files with the password first.", { status: 403 });
  }
  if (!isInvestorDocumentSlug(params.slug)) throw data("No such document.", { status: 404 });
  const file = await openInvestorDocument(getRuntime(), params.slug);
  if (!file) throw data("This document is not available yet.", { status: 404 });
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes),
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
