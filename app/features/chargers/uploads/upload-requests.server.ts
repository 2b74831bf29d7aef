/**
 * Asking a charger for its diagnostics (1.6 GetDiagnostics) or a log (2.0.1 GetLog) to be uploaded to the product
 * (charger-uploads.server.ts takes the file). Decision 062.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "../charge-points.server";
import { recordChargerEvent } from "../charger-status.server";
import { getOcppEndpoint } from "../ocpp-endpoint.server";
import { newToken } from "../one-time-token.server";
import { KINDS, OPEN, type UploadKind } from "./charger-uploads.server";
import { ftpAddress } from "./ftp-address";

type Deps = Pick<Runtime, "database" | "env">;

const WINDOW_MS = 60 * 60_000;
const now = () => new Date().toISOString();

/** Asks the charger for its diagnostics or a log, uploaded over `transport`: the policy's operations.change. */
export async function requestUpload(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
) {
  const point = await requireOperatedChargePoint(deps, user, depotId, chargePointId, "operations.change");
  if (!point.protocol) throw new UserError("The charger has not connected yet", { status: 409 });
  const v16 = point.protocol === "ocpp1.6";
  const kind = String(input.kind ?? (v16 ? "diagnostics" : "log")) as UploadKind;
  if (!Object.hasOwn(KINDS, kind) || (v16 ? kind !== "diagnostics" : kind === "diagnostics"))
    throw new UserError("Choose what to fetch", { fieldErrors: { kind: "Choose what to fetch" } });
  const transport = input.transport === "ftp" || input.transport === "ftps" ? input.transport : "https";
  const ftp = ftpAddress();
  if (transport !== "https" && !ftp)
    throw new UserError("FTP is not running on this installation (FTP_PORT): choose HTTPS", {
      fieldErrors: { transport: "FTP is off here" },
    });
  const db = deps.database.db;
  const open = await db
    .selectFrom("charger_uploads")
    .select("id")
    .where("charge_point_id", "=", point.id)
    .where("status", "in", OPEN)
    .where("expires_at", ">", now())
    .executeTakeFirst();
  if (open)
    throw new UserError("The charger is already uploading: wait for it or for its hour to pass", { status: 409 });
  const { token, hash } = newToken();
  const at = now();
  const row = await db
    .insertInto("charger_uploads")
    .values({
      charge_point_id: point.id,
      kind,
      transport,
      status: "requested",
      token_hash: hash,
      expires_at: new Date(Date.now() + WINDOW_MS).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const location =
    transport !== "https" && ftp
      ? `${transport}://u${row.id}:${token}@${ftp.host}:${ftp.port}/`
      : `${deps.env.APP_URL}/ocpp-files/upload/${token}`;
  const { answer, fileName } = await askCharger(point, kind, location, row.id);
  const accepted = answer === "Accepted" || answer === "AcceptedCanceled";
  await db
    .updateTable("charger_uploads")
    .set({
      status: accepted ? "asked" : "failed",
      detail: accepted ? null : `The charger answered ${answer}`,
      token_hash: accepted ? hash : null,
      file_name: fileName,
      updated_at: now(),
    })
    .where("id", "=", row.id)
    .where("status", "=", "requested")
    .execute();
  await recordChargerEvent(
    db,
    { chargePointId: point.id },
    "logs",
    `${KINDS[kind]} asked over ${transport.toUpperCase()}: ${answer}`,
  );
  return { kind: KINDS[kind], accepted, answer };
}

/** GetDiagnostics (1.6) or GetLog (2.0.1): what the charger answered, and the name of the file it will send. */
async function askCharger(
  point: { id: number; protocol: string | null },
  kind: UploadKind,
  location: string,
  requestId: number,
): Promise<{ answer: string; fileName: string | null }> {
  const endpoint = getOcppEndpoint();
  try {
    if (!endpoint) throw new Error("not connected");
    if (point.protocol === "ocpp1.6") {
      const result = (await endpoint.call(point.id, "GetDiagnostics", { location, retries: 1, retryInterval: 30 })) as {
        fileName?: string;
      };
      // A 1.6 charger names the file it will send; with no name it has nothing to send.
      return { answer: result.fileName ? "Accepted" : "nothing to send", fileName: result.fileName ?? null };
    }
    const result = (await endpoint.call(point.id, "GetLog", {
      logType: kind === "security-log" ? "SecurityLog" : "DiagnosticsLog",
      requestId,
      retries: 1,
      retryInterval: 30,
      log: { remoteLocation: location },
    })) as { status?: string; filename?: string };
    return { answer: result.status ?? "?", fileName: result.filename ?? null };
  } catch (error) {
    return { answer: error instanceof Error ? error.message : "no answer", fileName: null };
  }
}
