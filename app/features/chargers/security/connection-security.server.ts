/**
 * Which OCPP security profile a connection is, and whether this charger may connect so (issue 59, item 6, decision
 * 064). Profile 1 is the plain listener with Basic auth; 2 is the TLS listener with Basic auth; 3 is the TLS listener
 * with a client certificate the product's authority issued to this very charger (Basic auth is then not asked). A
 * charger may not connect below its `security_profile`; one being raised reaches its new profile the first time it
 * connects that way, and a charger that comes back below it has fallen back and keeps the profile it had.
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

import { dayAndTime } from "~/lib/uk-dates";

import { recordChargerEvent } from "../charger-status.server";
import type { Deps } from "../ocpp-handler-types";
import { nowAndThen } from "./now-and-then";

export type ConnectionLevel = 1 | 2 | 3;
export type Admission = { ok: true; level: ConnectionLevel; certificateId: number | null } | { ok: false };

type Charger = { id: number; security_profile: number };

/** A charger's refusals are kept at most once a minute each, so one retrying in a loop floods nothing. */
const firstInAMinute = nowAndThen(60_000);

/**
 * Whether this connection may be the charger's: its certificate when it presents one (issued by the authority, to
 * this charger, not revoked), else its password (`passwordOk`); and its profile at least the charger's.
 */
export async function admitConnection(
  deps: Deps,
  charger: Charger,
  request: IncomingMessage,
  passwordOk: () => boolean,
): Promise<Admission> {
  const socket = request.socket as Partial<TLSSocket>;
  const tls = socket.encrypted === true;
  const presented = tls ? socket.getPeerCertificate?.() : undefined;
  let level: ConnectionLevel = tls ? 2 : 1;
  let certificateId: number | null = null;
  if (presented && presented.fingerprint256) {
    // TLS checked the chain and the dates; what is left is whose it is.
    if (!socket.authorized)
      return refuse(deps, charger, `a certificate Electrify did not issue (${String(socket.authorizationError)})`);
    const issued = await deps.database.db
      .selectFrom("charger_certificates")
      .select(["id", "charge_point_id", "subject", "revoked_at"])
      .where("fingerprint", "=", presented.fingerprint256)
      .executeTakeFirst();
    if (!issued) return refuse(deps, charger, "a certificate Electrify has no record of");
    if (issued.charge_point_id !== charger.id)
      return refuse(deps, charger, `the certificate of another charger (${issued.subject})`);
    if (issued.revoked_at) return refuse(deps, charger, "a revoked certificate");
    level = 3;
    certificateId = issued.id;
  } else if (!passwordOk()) return { ok: false };
  if (level < charger.security_profile)
    return refuse(deps, charger, `profile ${level}, where it must use profile ${charger.security_profile}`);
  return { ok: true, level, certificateId };
}

async function refuse(deps: Deps, charger: Charger, why: string): Promise<Admission> {
  if (firstInAMinute(`${charger.id}:${why}`))
    await recordChargerEvent(deps.database.db, { chargePointId: charger.id }, "security", `Connection refused: ${why}`);
  return { ok: false };
}

/**
 * A charger connected at `level`: kept as its connection's profile; a certificate's first use revokes the ones issued
 * to it before (they are superseded); and a raise it was asked for is done, or has fallen back.
 */
export async function connectedSecurely(
  deps: Deps,
  chargePointId: number,
  level: ConnectionLevel,
  certificateId: number | null,
) {
  const db = deps.database.db;
  const at = new Date().toISOString();
  if (certificateId !== null) {
    await db
      .updateTable("charger_certificates")
      .set({ used_at: at })
      .where("id", "=", certificateId)
      .where("used_at", "is", null)
      .execute();
    await db
      .updateTable("charger_certificates")
      .set({ revoked_at: at })
      .where("charge_point_id", "=", chargePointId)
      .where("id", "<", certificateId)
      .where("revoked_at", "is", null)
      .execute();
  }
  const row = await db
    .selectFrom("charge_points")
    .select(["security_profile", "security_profile_target"])
    .where("id", "=", chargePointId)
    .executeTakeFirst();
  await db.updateTable("charge_points").set({ connected_profile: level }).where("id", "=", chargePointId).execute();
  const target = row?.security_profile_target;
  if (!row || !target) return;
  const point = { chargePointId };
  if (level >= target) {
    await db
      .updateTable("charge_points")
      .set({
        security_profile: target,
        security_profile_target: null,
        security_profile_detail: `Raised to profile ${target} on ${dayAndTime(at)}`,
      })
      .where("id", "=", chargePointId)
      .execute();
    await recordChargerEvent(
      db,
      point,
      "security",
      `Connected over profile ${target}: it may no longer connect below it`,
    );
    return;
  }
  // Any connection after the raise was asked is a new handshake: one below the new profile fell back to the old one
  // (or rebooted without applying it). Either way it is not raised, and the charger keeps what it had.
  const detail = `It came back over profile ${level}, not ${target}, so it stays at profile ${row.security_profile}`;
  await db
    .updateTable("charge_points")
    .set({ security_profile_target: null, security_profile_detail: detail })
    .where("id", "=", chargePointId)
    .execute();
  await recordChargerEvent(db, point, "security", detail);
}
