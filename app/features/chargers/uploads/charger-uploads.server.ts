/**
 * Diagnostics and logs a charger uploads to the product (issue 59, item 4): asked for with 1.6 GetDiagnostics or
 * 2.0.1 GetLog (diagnostics or security log), uploaded over HTTPS to a one-time URL or, for a charger that offers only
 * FTP, to the product's FTP server as a one-time user (ftp-server.server.ts); kept in the file store and downloadable
 * from the charger's page. Each request takes one file, within an hour, of at most MAX_UPLOAD_MB. Decision 062.
 */
import type { Readable } from "node:stream";

import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "../charge-points.server";
import { recordChargerEvent } from "../charger-status.server";
import { hashToken, looksLikeToken } from "../one-time-token.server";

export const KINDS = { diagnostics: "Diagnostics", log: "Diagnostics log", "security-log": "Security log" } as const;
export type UploadKind = keyof typeof KINDS;
/** What a charger says of an upload that did not happen (1.6 and 2.0.1). */
const FAILURES = new Set(["UploadFailed", "UploadFailure", "BadMessage", "NotSupportedOperation", "PermissionDenied"]);
export const OPEN = ["requested", "asked", "Uploading"];
const now = () => new Date().toISOString();

/**
 * Takes the file of an open request by its one-time token (the HTTPS URL's last part, or the FTP password with its
 * request's id): stored, and the token spent. False when there is no such open request (the route's 404).
 */
export async function receiveUpload(
  deps: Pick<Runtime, "database" | "storage">,
  token: string,
  file: { bytes: Uint8Array; fileName: string | null },
  uploadId?: number,
): Promise<boolean> {
  if (!looksLikeToken(token)) return false;
  const db = deps.database.db;
  let query = db
    .selectFrom("charger_uploads")
    .select(["id", "charge_point_id", "file_name", "kind"])
    .where("token_hash", "=", hashToken(token))
    .where("status", "in", OPEN)
    .where("expires_at", ">", now());
  if (uploadId !== undefined) query = query.where("id", "=", uploadId);
  const upload = await query.executeTakeFirst();
  if (!upload) return false;
  // Spent before the file is written: a second upload with the same token finds nothing.
  const spent = await db
    .updateTable("charger_uploads")
    .set({ token_hash: null, updated_at: now() })
    .where("id", "=", upload.id)
    .where("token_hash", "is not", null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) return false;
  const name = safeName(file.fileName ?? upload.file_name ?? `${upload.kind}-${upload.id}.bin`);
  const key = `charger-uploads/${upload.charge_point_id}/${upload.id}-${name}`;
  await deps.storage.put(key, file.bytes);
  await db
    .updateTable("charger_uploads")
    .set({
      status: "received",
      detail: null,
      file_key: key,
      file_name: name,
      bytes: file.bytes.byteLength,
      updated_at: now(),
    })
    .where("id", "=", upload.id)
    .execute();
  await recordChargerEvent(
    db,
    { chargePointId: upload.charge_point_id },
    "logs",
    `${name} received (${file.bytes.byteLength} bytes)`,
  );
  return true;
}

/** An open request's token check for the FTP server's login (the user is `u<id>`): its transport, or null. */
export async function uploadOpenFor(deps: Pick<Runtime, "database">, uploadId: number, token: string) {
  if (!looksLikeToken(token) || !Number.isSafeInteger(uploadId)) return null;
  const row = await deps.database.db
    .selectFrom("charger_uploads")
    .select(["id", "transport"])
    .where("id", "=", uploadId)
    .where("token_hash", "=", hashToken(token))
    .where("status", "in", OPEN)
    .where("expires_at", ">", now())
    .executeTakeFirst();
  return row ?? null;
}

/** DiagnosticsStatusNotification (1.6) or LogStatusNotification (2.0.1, with its requestId): on the open request. */
export async function uploadStatus(
  deps: Pick<Runtime, "database">,
  point: { chargePointId: number },
  status: string,
  requestId?: number,
) {
  const db = deps.database.db;
  let query = db
    .selectFrom("charger_uploads")
    .select(["id", "status"])
    .where("charge_point_id", "=", point.chargePointId)
    .where("status", "in", [...OPEN, "received"]);
  if (requestId !== undefined) query = query.where("id", "=", requestId);
  const upload = await query.orderBy("id", "desc").executeTakeFirst();
  await recordChargerEvent(db, point, "logs", `Upload: ${status}`);
  // Once the file is here, the charger's word changes nothing; Idle is no news.
  if (!upload || upload.status === "received" || status === "Idle" || status === "Uploaded") return;
  const failed = FAILURES.has(status);
  await db
    .updateTable("charger_uploads")
    .set({
      status: failed ? "failed" : status,
      detail: failed ? `The charger said ${status}` : null,
      updated_at: now(),
    })
    .where("id", "=", upload.id)
    .execute();
}

/** The charger's requests, newest first, with their files (the charger's page). */
export async function chargerUploads(deps: Pick<Runtime, "database">, chargePointId: number) {
  const rows = await deps.database.db
    .selectFrom("charger_uploads")
    .select(["id", "kind", "transport", "status", "detail", "file_name", "bytes", "expires_at", "created_at"])
    .where("charge_point_id", "=", chargePointId)
    .orderBy("id", "desc")
    .limit(10)
    .execute();
  const at = now();
  return rows.map((r) => ({
    id: r.id,
    kind: KINDS[r.kind as UploadKind] ?? r.kind,
    transport: r.transport,
    // An open request whose hour passed is over: the charger never sent it.
    status: OPEN.includes(r.status) && new Date(String(r.expires_at)).toISOString() <= at ? "expired" : r.status,
    detail: r.detail,
    fileName: r.file_name,
    bytes: r.bytes,
    at: new Date(String(r.created_at)).toISOString(),
  }));
}

/** One received file, for the charger's page (the policy's operations.read). */
export async function readUpload(
  deps: Pick<Runtime, "database" | "storage">,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  uploadId: number,
): Promise<{ stream: Readable; bytes: number; fileName: string }> {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.read");
  const row = await deps.database.db
    .selectFrom("charger_uploads")
    .select(["file_key", "file_name"])
    .where("id", "=", uploadId)
    .where("charge_point_id", "=", point.id)
    .where("status", "=", "received")
    .executeTakeFirst();
  const file = row?.file_key ? await deps.storage.read(row.file_key) : null;
  if (!row || !file) throw new UserError("File not found", { status: 404 });
  return { ...file, fileName: row.file_name ?? "upload.bin" };
}

function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return (
    base
      .replace(/[^\w.-]+/g, "_")
      .replace(/^[._-]+/, "")
      .slice(0, 100)
      .toLowerCase() || "upload.bin"
  );
}
