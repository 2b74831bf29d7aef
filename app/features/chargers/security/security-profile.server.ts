/**
 * Raising a charger's security profile step by step without losing it (issue 59, item 6, decision 064). The product
 * first makes sure the charger can connect the new way (Electrify's root installed when the listener uses the
 * authority's certificate; for profile 3 a certificate of its own), then tells it the new way (2.0.1: a new network
 * profile in a free slot, put first in its priority so the old one stays its fall back, then a reset; 1.6 with the
 * security extension: its SecurityProfile key), and keeps accepting the old profile until it has connected over the
 * new one (connection-security.server.ts). Only then may it no longer connect below it.
 */
import type { DepotViewer } from "~/features/depots/index.server";
import { toIsoString } from "~/lib/db/dialect.server";
import type { Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

import { requireOperatedChargePoint } from "../charge-points.server";
import { recordChargerEvent } from "../charger-status.server";
import { getOcppEndpoint } from "../ocpp-endpoint.server";
import { chargerAuthority } from "./certificate-authority.server";
import { RENEW_DAYS } from "./certificate-renewal.server";
import { listenerUsesAuthority, ocppTlsAddress } from "./tls-listener.server";

type Deps = Pick<Runtime, "database" | "env">;
type Call = (method: string, params: Record<string, unknown>) => Promise<Record<string, unknown>>;

export async function raiseSecurityProfile(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
) {
  // Who may, before what they sent is read: a stranger learns nothing from a 400.
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `raise ${identity} to security profile ${String(input.profile).slice(0, 20)}`,
  );
  const target = Number(input.profile);
  if (target !== 2 && target !== 3)
    throw new UserError("Choose profile 2 or 3", { fieldErrors: { profile: "Choose profile 2 or 3" } });
  const addressKey = addressKeyOf(input);
  const db = deps.database.db;
  const address = ocppTlsAddress(deps.env);
  if (!address) throw new UserError("The chargers' TLS listener is off (OCPP_TLS_PORT)", { status: 409 });
  const row = await db
    .selectFrom("charge_points")
    .select(["security_profile", "security_profile_target"])
    .where("id", "=", point.id)
    .executeTakeFirstOrThrow();
  if (row.security_profile >= target)
    throw new UserError(`It is already at profile ${row.security_profile}`, { status: 409 });
  if (row.security_profile_target)
    throw new UserError(`It is already being raised to profile ${row.security_profile_target}`, { status: 409 });
  if (target === 3 && !(await usableCertificate(deps, point.id)))
    throw new UserError("It has no certificate yet: ask it for one first", { status: 409 });
  const endpoint = getOcppEndpoint();
  if (!endpoint || !point.protocol) throw new UserError("The charger is not connected", { status: 409 });
  const call: Call = async (method, params) =>
    (await endpoint.call(point.id, method, params)) as Record<string, unknown>;

  if (listenerUsesAuthority(deps.env)) {
    const root = (await chargerAuthority(deps)).pem;
    const installed = await call(
      "InstallCertificate",
      point.protocol === "ocpp1.6"
        ? { certificateType: "CentralSystemRootCertificate", certificate: root }
        : { certificateType: "CSMSRootCertificate", certificate: root },
    );
    if (installed.status !== "Accepted") {
      const said = `Not raised: it did not install Electrify's root certificate (${answerOf(installed)})`;
      await recordChargerEvent(db, { chargePointId: point.id }, "security", said);
      throw new UserError(said, { status: 409 });
    }
  }
  // Kept before it is told, so its reconnection is recognised whichever way it comes.
  await db
    .updateTable("charge_points")
    .set({
      security_profile_target: target,
      security_profile_asked_at: new Date().toISOString(),
      security_profile_detail: `Raising to profile ${target} over ${address}: waiting for it to reconnect`,
    })
    .where("id", "=", point.id)
    .execute();
  try {
    const said =
      point.protocol === "ocpp1.6"
        ? await tell16(call, target, address, addressKey)
        : await tell201(call, target, address);
    await recordChargerEvent(db, { chargePointId: point.id }, "security", `Asked to use profile ${target}: ${said}`);
    return { target, said };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .updateTable("charge_points")
      .set({ security_profile_target: null, security_profile_detail: `Not raised to profile ${target}: ${reason}` })
      .where("id", "=", point.id)
      .execute();
    throw new UserError(`Not raised: ${reason}`, { status: 409 });
  }
}

/**
 * The vendor key a 1.6 charger keeps its server address in (OCPP 1.6 has none of its own), as the operator names it;
 * empty when the charger's address already points at the TLS listener (set on site).
 */
function addressKeyOf(input: Record<string, unknown>): string | null {
  const key = String(input.addressKey ?? "").trim();
  if (!key) return null;
  if (!/^[\w.-]{1,50}$/.test(key))
    throw new UserError("Name the charger's key for its server address (letters, digits, . _ -, up to 50)", {
      fieldErrors: { addressKey: "Letters, digits, . _ - only" },
    });
  return key;
}

/** The keys 1.6 chargers are known to keep their server address in: offered on the card when the charger has one. */
export const ADDRESS_KEYS_16 = ["ConnectionUrl", "CentralSystemAddress", "ocppcentraladdress", "CentralSystemURL"];

/**
 * 1.6 with the security extension. Where the operator named the charger's address key, the TLS listener's address is
 * set there first (its old value read, to set it back if the charger will not take the new profile); then its
 * SecurityProfile key, and a reset where it asks for one. The charger reconnects with the new profile itself.
 */
async function tell16(call: Call, target: number, address: string, addressKey: string | null) {
  let before: string | null = null;
  if (addressKey) {
    const read = (await call("GetConfiguration", { key: [addressKey] })) as {
      configurationKey?: { key: string; readonly: boolean; value?: string }[];
    };
    const kept = read.configurationKey?.find((k) => k.key === addressKey);
    if (!kept) throw new Error(`it has no key ${addressKey}`);
    if (kept.readonly) throw new Error(`its ${addressKey} is read-only`);
    before = kept.value ?? "";
    const moved = await call("ChangeConfiguration", { key: addressKey, value: address });
    if (moved.status !== "Accepted" && moved.status !== "RebootRequired")
      throw new Error(`it answered ${String(moved.status)} to ${addressKey}`);
  }
  const answer = await call("ChangeConfiguration", { key: "SecurityProfile", value: String(target) });
  if (answer.status !== "Accepted" && answer.status !== "RebootRequired") {
    // Its old address back, so it is not left pointing at a listener it was not raised for.
    if (addressKey && before !== null) await call("ChangeConfiguration", { key: addressKey, value: before });
    throw new Error(`it answered ${String(answer.status)} to SecurityProfile`);
  }
  if (answer.status === "RebootRequired" || addressKey) await call("Reset", { type: "Soft" });
  const moved = addressKey ? `${addressKey} was ${before || "empty"}, now ${address}; ` : "";
  return `${moved}SecurityProfile ${String(answer.status)}`;
}

/** 2.0.1: the new way in a free slot, first in its priority with the old ones after it, then a reset. */
async function tell201(call: Call, target: number, address: string) {
  const variable = { component: { name: "OCPPCommCtrlr" }, variable: { name: "NetworkConfigurationPriority" } };
  const read = (await call("GetVariables", { getVariableData: [variable] })) as {
    getVariableResult?: { attributeStatus: string; attributeValue?: string }[];
  };
  const priority = (read.getVariableResult?.[0]?.attributeValue ?? "")
    .split(",")
    .map((slot) => Number(slot.trim()))
    .filter((slot) => Number.isInteger(slot) && slot >= 0);
  const slot = priority.length ? Math.max(...priority) + 1 : 1;
  const profile = await call("SetNetworkProfile", {
    configurationSlot: slot,
    connectionData: {
      ocppVersion: "OCPP20",
      ocppTransport: "JSON",
      ocppCsmsUrl: address,
      messageTimeout: 30,
      securityProfile: target,
      ocppInterface: "Wired0",
    },
  });
  if (profile.status !== "Accepted")
    throw new Error(`it answered ${String(profile.status)} to the new network profile`);
  const order = (await call("SetVariables", {
    setVariableData: [{ ...variable, attributeValue: [slot, ...priority].join(",") }],
  })) as { setVariableResult?: { attributeStatus: string }[] };
  const ordered = order.setVariableResult?.[0]?.attributeStatus;
  if (ordered !== "Accepted" && ordered !== "RebootRequired")
    throw new Error(`it answered ${String(ordered)} to putting the new profile first`);
  const reset = await call("Reset", { type: "OnIdle" });
  return `network profile in slot ${slot}, reset ${String(reset.status)}`;
}

/** Lowers the profile a charger must use (a charger that cannot keep the higher one): it may connect either way. */
export async function lowerSecurityProfile(
  deps: Deps,
  user: DepotViewer,
  depotId: number,
  chargePointId: number,
  input: Record<string, unknown>,
) {
  const point = await requireOperatedChargePoint(
    deps,
    user,
    depotId,
    chargePointId,
    "operations.change",
    (identity) => `lower ${identity} to security profile ${String(input.profile).slice(0, 20)}`,
  );
  const profile = Number(input.profile);
  if (profile !== 1 && profile !== 2)
    throw new UserError("Choose profile 1 or 2", { fieldErrors: { profile: "Choose profile 1 or 2" } });
  const db = deps.database.db;
  const row = await db
    .selectFrom("charge_points")
    .select(["security_profile", "security_profile_target"])
    .where("id", "=", point.id)
    .executeTakeFirstOrThrow();
  if (row.security_profile <= profile && !row.security_profile_target)
    throw new UserError(`It is already at profile ${row.security_profile}`, { status: 409 });
  const lowered = Math.min(row.security_profile, profile);
  const detail = `Kept at profile ${lowered} by ${user.email ?? "an operator"}`;
  await db
    .updateTable("charge_points")
    .set({ security_profile: lowered, security_profile_target: null, security_profile_detail: detail })
    .where("id", "=", point.id)
    .execute();
  await recordChargerEvent(db, { chargePointId: point.id }, "security", detail);
  return { profile: lowered };
}

/** What the charger page shows of its secure connection. */
export async function chargerSecurity(deps: Deps, chargePointId: number) {
  const row = await deps.database.db
    .selectFrom("charge_points")
    .select(["security_profile", "security_profile_target", "security_profile_detail", "connected_profile"])
    .select("protocol")
    .where("id", "=", chargePointId)
    .executeTakeFirstOrThrow();
  const certificate = await usableCertificate(deps, chargePointId);
  // A 1.6 charger's address key, where its configuration as last read has one of the known ones.
  const known =
    row.protocol === "ocpp1.6"
      ? await deps.database.db
          .selectFrom("charger_settings")
          .select("variable")
          .where("charge_point_id", "=", chargePointId)
          .where("variable", "in", ADDRESS_KEYS_16)
          .executeTakeFirst()
      : undefined;
  return {
    addressKey: row.protocol === "ocpp1.6" ? (known?.variable ?? "") : null,
    profile: row.security_profile,
    target: row.security_profile_target,
    detail: row.security_profile_detail,
    connectedProfile: row.connected_profile,
    address: ocppTlsAddress(deps.env),
    certificate: certificate
      ? {
          serial: certificate.serial,
          notAfter: toIsoString(certificate.not_after),
          // The day it is asked for the next one (certificate-renewal.server.ts).
          renewFrom: new Date(Date.parse(toIsoString(certificate.not_after)) - RENEW_DAYS * 86_400_000).toISOString(),
          used: certificate.used_at !== null,
        }
      : null,
  };
}

/** Its newest certificate that can still be used (issued, not revoked, not expired), if any. */
export async function usableCertificate(deps: Pick<Runtime, "database">, chargePointId: number) {
  return deps.database.db
    .selectFrom("charger_certificates")
    .select(["id", "serial", "not_after", "used_at"])
    .where("charge_point_id", "=", chargePointId)
    .where("revoked_at", "is", null)
    .where("not_after", ">", new Date().toISOString())
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** A charger's answer with its reason when it gave one ("Rejected: Certificate manager is not available…"). */
function answerOf(answer: Record<string, unknown>): string {
  const info = (answer.statusInfo as { additionalInfo?: string; reasonCode?: string } | undefined) ?? {};
  return [String(answer.status), info.additionalInfo ?? info.reasonCode].filter(Boolean).join(": ");
}
