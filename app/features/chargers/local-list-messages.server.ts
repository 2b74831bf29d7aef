/**
 * The local list's two OCPP messages as both versions spell them (issue 59): the version a charger holds
 * (GetLocalListVersion) and one update sent (SendLocalList). The keeper (local-lists.server.ts) decides what to send.
 */
import type { ListUpdate } from "./local-list";
import type { OcppEndpoint } from "./ocpp-handler-types";
import { chargerErrorCode } from "./upkeep";

type Endpoint = Pick<OcppEndpoint, "call">;

export async function listVersion(endpoint: Endpoint, chargePointId: number, v16: boolean): Promise<number | null> {
  try {
    const answer = (await endpoint.call(chargePointId, "GetLocalListVersion", {})) as {
      listVersion?: number;
      versionNumber?: number;
    };
    const told = v16 ? answer.listVersion : answer.versionNumber;
    return typeof told === "number" && told >= 0 ? told : null;
  } catch {
    return null;
  }
}

/** One message; the charger's status word (or Failed when the call itself failed). */
export async function sendListUpdate(
  endpoint: Endpoint,
  chargePointId: number,
  v16: boolean,
  update: ListUpdate,
): Promise<string> {
  const entries = v16
    ? [
        ...update.add.map((idTag) => ({ idTag, idTagInfo: { status: "Accepted" } })),
        ...update.remove.map((idTag) => ({ idTag })),
      ]
    : [
        // The type a tag is shown with is not known here: an RFID card's, the commonest.
        ...update.add.map((idToken) => ({
          idToken: { idToken, type: "ISO14443" },
          idTokenInfo: { status: "Accepted" },
        })),
        ...update.remove.map((idToken) => ({ idToken: { idToken, type: "ISO14443" } })),
      ];
  const params = v16
    ? {
        listVersion: update.version,
        updateType: update.kind,
        ...(entries.length ? { localAuthorizationList: entries } : {}),
      }
    : {
        versionNumber: update.version,
        updateType: update.kind,
        ...(entries.length ? { localAuthorizationList: entries } : {}),
      };
  try {
    const answer = (await endpoint.call(chargePointId, "SendLocalList", params)) as { status?: string };
    return answer?.status ?? "Failed";
  } catch (error) {
    // A charger that says it keeps lists but has no SendLocalList (SAP's simulator 2.1 answers NotImplemented) is
    // taken at its word: not sent lists again until it boots.
    const code = chargerErrorCode(error);
    return code === "NotImplemented" || code === "NotSupported" ? "NotSupported" : "Failed";
  }
}
