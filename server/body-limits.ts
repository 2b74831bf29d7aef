import type { RequestHandler, Response } from "express";

import { MAX_FIRMWARE_MB, MAX_UPLOAD_MB } from "~/features/chargers";
import { MAX_GRID_FILE_MB } from "~/features/grid";
import { MAX_QUOTE_MB } from "~/features/portfolio";
import { MAX_CABLE_RUN_PHOTOS } from "~/features/surveys";
import { MAX_TRIP_FILE_MB } from "~/features/trips";

const MB = 1024 * 1024;
const METHODS_WITHOUT_BODY = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The largest body each action takes, in bytes. The actions check their own,
 * finer limits (a photo's size, a text field's length) and answer those with
 * a message in the form; this cap stops anything far larger before it is read.
 */
export function bodyLimitFor(pathname: string, maxPhotoMb: number): number {
  // React Router's client-side submissions post to the same path with ".data".
  const path = pathname.replace(/\.data$/, "");
  if (path === "/surveys") return (3 + MAX_CABLE_RUN_PHOTOS) * maxPhotoMb * MB + MB;
  if (path === "/admin/grid-data") return 2 * MAX_GRID_FILE_MB * MB;
  // A charging plan may carry a year of 5-minute building readings.
  if (/^\/electrify\/depots\/[^/]+\/plan$/.test(path)) return 16 * MB;
  // A trip export: a year of a fleet's trips.
  if (/^\/electrify\/depots\/[^/]+\/trips$/.test(path)) return MAX_TRIP_FILE_MB * MB + MB;
  // A firmware image; a charger's diagnostics (the only bodies not sent by a form or as JSON).
  if (/^\/electrify\/operations\/[^/]+\/firmware$/.test(path)) return (MAX_FIRMWARE_MB + 1) * MB;
  if (path.startsWith("/ocpp-files/upload/")) return (MAX_UPLOAD_MB + 1) * MB;
  // A connection quote's PDF.
  if (/^\/electrify\/portfolio\/[^/]+\/connection$/.test(path)) return (MAX_QUOTE_MB + 1) * MB;
  // Up to 100 depots with their notes.
  if (path === "/electrify/company-setup") return 8 * MB;
  if (path.startsWith("/api/auth/")) return 64 * 1024;
  // The fleet API: a schedule of 500 vehicles is about 60 KB.
  if (path.startsWith("/api/v1/")) return 256 * 1024;
  return MB;
}

/**
 * Refuses, before anything reads it, a body the product cannot have sent: of
 * a type no form uses (415), of unknown length (411: every browser form post
 * states its length, so no body can grow past what was checked here), or
 * larger than the action takes (413). A body-less POST (e.g. sign-out from a
 * script) passes.
 */
export function limitRequestBodies(maxPhotoMb: number): RequestHandler {
  return (req, res, next) => {
    if (METHODS_WITHOUT_BODY.has(req.method)) return next();
    const lengthHeader = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (lengthHeader === undefined && !chunked) return next();
    if (lengthHeader === undefined)
      return refuse(req.get("accept"), res, 411, "The request must state its length (Content-Length).");
    const length = Number(lengthHeader);
    if (length === 0) return next();
    const limit = bodyLimitFor(req.path, maxPhotoMb);
    if (length > limit)
      return refuse(
        req.get("accept"),
        res,
        413,
        `The request is too large: this form takes at most ${formatBytes(limit)}.`,
      );
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const json = (req.path.startsWith("/api/auth/") || req.path.startsWith("/api/v1/")) && type === "application/json";
    // A charger uploads its file as it likes (a form, or the bytes alone); the route reads either.
    const chargerFile = req.path.startsWith("/ocpp-files/upload/");
    if (!FORM_TYPES.has(type) && !json && !chargerFile)
      return refuse(req.get("accept"), res, 415, "The request was not a form submission this page can read.");
    if (type === "multipart/form-data" && !/;\s*boundary=/i.test(req.get("content-type") ?? "")) {
      return refuse(req.get("accept"), res, 400, "The form could not be read. Please reload the page and try again.");
    }
    next();
  };
}

function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function refuse(accept: string | undefined, res: Response, status: number, message: string): void {
  // The rest of the body is read and dropped once this is sent (drainUnreadBodies).
  if (accept?.includes("application/json")) res.status(status).json({ ok: false, error: message });
  else res.status(status).type("text/plain").send(message);
}
