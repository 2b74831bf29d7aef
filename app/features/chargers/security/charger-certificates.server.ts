/**
 * Certificates for chargers (issue 59, item 6, decision 064). A charger makes its own key and sends a certificate
 * request (2.0.1 `SignCertificate`, 1.6 the security extension's); the product checks it names this charger, signs it
 * with its authority and sends the certificate back (`CertificateSigned`) once it has answered. The charger's private
 * key never leaves it. What it was issued is kept in `charger_certificates`, matched by fingerprint when it connects
 * over mutual TLS (connection-security.server.ts).
 */
import { X509Certificate as NodeCertificate } from "node:crypto";
import type { Pkcs10CertificateRequest } from "@peculiar/x509";

import { toIsoString } from "~/lib/db/dialect.server";
import { calendarDay } from "~/lib/uk-dates";

import { recordChargerEvent, type ConnectedPoint } from "../charger-status.server";
import type { Deps } from "../ocpp-handler-types";
import { chargerAuthority, issueCertificate } from "./certificate-authority.server";
import { nowAndThen } from "./now-and-then";
import { loadX509 } from "./x509.server";

const now = () => new Date().toISOString();

/** How long a charger's certificate is good; it asks for a new one before then (or the operator does). */
export const CERTIFICATE_DAYS = 365;
/** A charger that asks again this soon is refused, and one that had this many today: each request signs one. */
const REQUEST_GAP_MS = 60_000;
const MOST_A_DAY = 5;
const DAY_MS = 86_400_000;
/** The same refusal is kept in a charger's history once in ten minutes (its retries would flood it otherwise). */
const firstInAWhile = nowAndThen(10 * 60_000);

/** Sends a call to the charger that asked (its own connection). */
type Send = (method: string, params: Record<string, unknown>) => Promise<unknown>;

export type SignAnswer = { status: "Accepted" | "Rejected"; reason?: string };

/**
 * Answers a charger's certificate request, and on Accepted sends the certificate once the answer has gone. A request
 * that is unreadable, badly signed, with a weak key or naming another charger is Rejected with the reason, kept in
 * its history as a security event.
 */
export async function signChargerRequest(
  deps: Deps,
  send: Send,
  point: ConnectedPoint,
  request: { csr: string; certificateType?: string; v16: boolean },
): Promise<SignAnswer> {
  const refuse = async (reason: string): Promise<SignAnswer> => {
    if (firstInAWhile(`${point.chargePointId}:${reason}`))
      await recordChargerEvent(deps.database.db, point, "security", `Certificate request refused: ${reason}`);
    return { status: "Rejected", reason };
  };
  if (request.certificateType === "V2GCertificate")
    return refuse("V2G certificates come from the vehicle-to-grid PKI, not from Electrify");
  const checked = await checkRequest(request.csr, point.identity);
  if ("reason" in checked) return refuse(checked.reason);
  // A charger that asks again and again (one that cannot install what it is sent retries for ever) signs little.
  const issued = await deps.database.db
    .selectFrom("charger_certificates")
    .select("issued_at")
    .where("charge_point_id", "=", point.chargePointId)
    .where("issued_at", ">", new Date(Date.now() - DAY_MS).toISOString())
    .orderBy("id", "desc")
    .execute();
  if (issued.length >= MOST_A_DAY)
    return refuse(`${MOST_A_DAY} certificates were issued to it in the last 24 hours; it may ask again tomorrow`);
  if (issued[0] && Date.parse(toIsoString(issued[0].issued_at)) > Date.now() - REQUEST_GAP_MS)
    return refuse("a certificate was issued less than a minute ago; ask again later");

  const authority = await chargerAuthority(deps);
  const certificate = await issueCertificate(authority, {
    subject: checked.request.subject,
    publicKey: checked.request.publicKey,
    days: CERTIFICATE_DAYS,
    use: "client",
  });
  const pem = `${certificate.toString("pem").trim()}\n`;
  const stored = await deps.database.db
    .insertInto("charger_certificates")
    .values({
      charge_point_id: point.chargePointId,
      serial: certificate.serialNumber,
      fingerprint: new NodeCertificate(pem).fingerprint256,
      subject: certificate.subject,
      certificate_pem: pem,
      not_before: certificate.notBefore.toISOString(),
      not_after: certificate.notAfter.toISOString(),
      issued_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The charger hears Accepted first, then its certificate (OCPP: CertificateSigned follows the answer).
  setTimeout(() => void deliver(deps, send, point, stored.id, `${pem}${authority.pem.trim()}\n`, request.v16), 20);
  return { status: "Accepted" };
}

async function deliver(
  deps: Deps,
  send: Send,
  point: ConnectedPoint,
  certificateId: number,
  chain: string,
  v16: boolean,
) {
  const db = deps.database.db;
  let status = "no answer";
  try {
    const answer = (await send(
      "CertificateSigned",
      v16 ? { certificateChain: chain } : { certificateChain: chain, certificateType: "ChargingStationCertificate" },
    )) as { status?: string; statusInfo?: { additionalInfo?: string } };
    status = [answer.status ?? status, answer.statusInfo?.additionalInfo].filter(Boolean).join(": ");
  } catch (error) {
    status = error instanceof Error ? error.message : String(error);
  }
  const row = await db
    .selectFrom("charger_certificates")
    .select(["serial", "not_after"])
    .where("id", "=", certificateId)
    .executeTakeFirstOrThrow();
  if (status === "Accepted") {
    await recordChargerEvent(
      db,
      point,
      "security",
      `Certificate ${row.serial.slice(0, 12)}… installed, valid until ${calendarDay(toIsoString(row.not_after))}`,
    );
    return;
  }
  // A certificate the charger did not take is of no use to anyone: revoked, so it can never be presented.
  await db.updateTable("charger_certificates").set({ revoked_at: now() }).where("id", "=", certificateId).execute();
  await recordChargerEvent(db, point, "security", `The charger did not install its certificate (${status})`);
}

type Checked = { request: Pkcs10CertificateRequest } | { reason: string };

/** A request signed with the key it carries, naming this charger (CN), with a key strong enough. */
export async function checkRequest(csr: string, identity: string): Promise<Checked> {
  const x509 = await loadX509();
  let request: Pkcs10CertificateRequest;
  try {
    request = new x509.Pkcs10CertificateRequest(csr.includes("-----BEGIN") ? csr : csr.replace(/\s+/g, ""));
  } catch {
    return { reason: "the request is not a PKCS #10 certificate request" };
  }
  try {
    if (!(await request.verify())) return { reason: "the request's signature does not match its key" };
  } catch {
    return { reason: "the request's key or signature could not be read" };
  }
  const names = request.subjectName.getField("CN");
  if (names.length !== 1 || names[0] !== identity)
    return { reason: `the request names ${names.length ? `"${names.join(", ")}"` : "no charger"}, not "${identity}"` };
  const algorithm = request.publicKey.algorithm as { name: string; modulusLength?: number; namedCurve?: string };
  const strong =
    algorithm.name === "ECDSA"
      ? ["P-256", "P-384", "P-521"].includes(algorithm.namedCurve ?? "")
      : (algorithm.modulusLength ?? 0) >= 2048;
  if (!strong) return { reason: "its key is too weak (RSA of 2048 bits or more, or an ECDSA P-256 key or stronger)" };
  return { request };
}
