/** Profile ids: a session's TxProfile is its own id; the default for new transactions has this one. */
const DEFAULT_PROFILE_ID = 1_000_000_000;

/**
 * A SetChargingProfile request in the charger's version: a transaction's own
 * limit (TxProfile), or, without a session, the default every new transaction
 * starts at (TxDefaultProfile on connector/EVSE 0).
 */
export function profileFor(
  protocol: string,
  session: { id: number; ref: string; connectorId: number } | null,
  limitW: number,
  at: number,
) {
  const period = [{ startPeriod: 0, limit: limitW }];
  const startSchedule = new Date(at - 1000).toISOString();
  const id = session?.id ?? DEFAULT_PROFILE_ID;
  const purpose = session ? "TxProfile" : "TxDefaultProfile";
  return protocol === "ocpp1.6"
    ? {
        connectorId: session?.connectorId ?? 0,
        csChargingProfiles: {
          chargingProfileId: id,
          ...(session ? { transactionId: session.id } : {}),
          stackLevel: session ? 1 : 0,
          chargingProfilePurpose: purpose,
          chargingProfileKind: "Absolute",
          chargingSchedule: { chargingRateUnit: "W", startSchedule, chargingSchedulePeriod: period },
        },
      }
    : {
        evseId: session?.connectorId ?? 0,
        chargingProfile: {
          id,
          stackLevel: session ? 1 : 0,
          chargingProfilePurpose: purpose,
          chargingProfileKind: "Absolute",
          ...(session ? { transactionId: session.ref } : {}),
          chargingSchedule: [{ id, chargingRateUnit: "W", startSchedule, chargingSchedulePeriod: period }],
        },
      };
}
