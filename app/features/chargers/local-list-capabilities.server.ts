/**
 * Whether a charger keeps a local authorization list, and how large (issue 59): a 1.6J charger says so in its
 * configuration (the LocalAuthListManagement feature profile, LocalAuthListEnabled, LocalAuthListMaxLength,
 * SendLocalListMaxLength), a 2.0.1 station in its LocalAuthListCtrlr (Available, Enabled, ItemsPerMessage,
 * BytesPerMessage). One that cannot say is not sent lists until it boots again.
 */
import type { OcppEndpoint } from "./ocpp-handler-types";

export type ListCapabilities = { maxLength: number; perMessage: number } | { unsupported: string };

/** A list no charger is sent more of, whatever it says it takes (a depot's tags rarely come near it). */
const MOST = 10_000;
/** What an entry takes in a 2.0.1 message, at most (a 36-character token, its type and status). */
const BYTES_PER_ENTRY = 120;

type Endpoint = Pick<OcppEndpoint, "call">;
type ConfigurationAnswer = { configurationKey?: { key: string; value?: string }[] };
type VariablesAnswer = {
  getVariableResult?: { attributeStatus: string; attributeValue?: string; variable: { name: string } }[];
};

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const count = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MOST) : null;
};

export function capabilitiesIn16(answer: ConfigurationAnswer): ListCapabilities {
  const value = (key: string) => answer.configurationKey?.find((k) => k.key === key)?.value;
  const profiles = value("SupportedFeatureProfiles");
  if (profiles === undefined) return { unsupported: "Did not say whether it keeps a local list" };
  if (!profiles.split(",").some((p) => p.trim().toLowerCase() === "localauthlistmanagement"))
    return { unsupported: `Does not keep a local list (its SupportedFeatureProfiles: ${profiles || "none"})` };
  if (value("LocalAuthListEnabled")?.toLowerCase() === "false")
    return { unsupported: "Its local list is turned off (LocalAuthListEnabled is false)" };
  const maxLength = count(value("LocalAuthListMaxLength")) ?? MOST;
  return { maxLength, perMessage: Math.min(count(value("SendLocalListMaxLength")) ?? maxLength, maxLength) };
}

export function capabilitiesIn201(answer: VariablesAnswer): ListCapabilities {
  const results = answer.getVariableResult ?? [];
  const of = (name: string) => results.find((r) => r.variable.name === name && r.attributeStatus === "Accepted");
  if (!results.some((r) => r.attributeStatus === "Accepted"))
    return { unsupported: "Does not keep a local list (LocalAuthListCtrlr is unknown to it)" };
  if (of("Available")?.attributeValue?.toLowerCase() === "false")
    return { unsupported: "Does not keep a local list (LocalAuthListCtrlr.Available is false)" };
  if (of("Enabled")?.attributeValue?.toLowerCase() === "false")
    return { unsupported: "Its local list is turned off (LocalAuthListCtrlr.Enabled is false)" };
  const items = count(of("ItemsPerMessage")?.attributeValue) ?? MOST;
  // A size in bytes, not a count of tags: not held to MOST (65,000 bytes read as 10,000 made messages of 83 tags where
  // 500 fit, six times the messages: found by bench:fleet-ops).
  const bytes = positive(of("BytesPerMessage")?.attributeValue);
  const perMessage = Math.max(1, Math.min(items, bytes === null ? MOST : Math.floor(bytes / BYTES_PER_ENTRY)));
  return { maxLength: MOST, perMessage };
}

export async function listCapabilities(endpoint: Endpoint, chargePointId: number, v16: boolean) {
  try {
    if (v16)
      return capabilitiesIn16(
        (await endpoint.call(chargePointId, "GetConfiguration", {
          key: ["SupportedFeatureProfiles", "LocalAuthListEnabled", "LocalAuthListMaxLength", "SendLocalListMaxLength"],
        })) as ConfigurationAnswer,
      );
    const variable = (name: string) => ({ component: { name: "LocalAuthListCtrlr" }, variable: { name } });
    return capabilitiesIn201(
      (await endpoint.call(chargePointId, "GetVariables", {
        getVariableData: ["Available", "Enabled", "ItemsPerMessage", "BytesPerMessage"].map(variable),
      })) as VariablesAnswer,
    );
  } catch {
    return { unsupported: "Did not say whether it keeps a local list" };
  }
}
