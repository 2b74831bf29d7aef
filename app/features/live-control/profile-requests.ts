import type { Limits } from "~/features/charging-records";

/** Profile ids: a session's TxProfile is its own id; the default for new transactions has this one. */
const DEFAULT_PROFILE_ID = 1_000_000_000;

/**
 * A SetChargingProfile request in the charger's version: a transaction's own
 * limits over time (TxProfile, one period per change of the plan ahead, so
 * the charger keeps to the plan when it hears nothing more from us), or,
 * without a session, the default every new transaction starts at
 * (TxDefaultProfile on connector/EVSE 0). Limits in whole watts; after the
 * schedule's end the default applies.
 */
export function profileFor(
  protocol: string,
  session: { id: number; ref: string; connectorId: number } | null,
  limits: Limits | number,
  at: number,
) {
  const start = at - 1000;
  const startSchedule = new Date(start).toISOString();
  const period: { startPeriod: number; limit: number }[] = [];
  let durationS: number | undefined;
  if (typeof limits === "number") period.push({ startPeriod: 0, limit: limits });
  else {
    for (const segment of limits.segments) {
      // Whole watts, down (kW × 1000 can fall a hair under the whole number it stands for).
      const limit = Math.floor(segment.kw * 1000 + 1e-6);
      const last = period[period.length - 1];
      // What holds now holds from the schedule's start (a second early, for the charger's clock); later periods
      // start on whole seconds: a raise a moment late and a decrease a moment early, never the other way.
      const seconds = (segment.from - start) / 1000;
      const startPeriod =
        segment.from <= at ? 0 : last && limit > last.limit ? Math.ceil(seconds) : Math.floor(seconds);
      if (last && last.startPeriod === startPeriod) last.limit = Math.min(last.limit, limit);
      else if (!last || last.limit !== limit) period.push({ startPeriod, limit });
    }
    if (!period.length || period[0]!.startPeriod !== 0) period.unshift({ startPeriod: 0, limit: 0 });
    if (Number.isFinite(limits.until)) durationS = Math.max(1, Math.floor((limits.until - start) / 1000));
  }
  const schedule = {
    chargingRateUnit: "W",
    startSchedule,
    ...(durationS === undefined ? {} : { duration: durationS }),
    chargingSchedulePeriod: period,
  };
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
          chargingSchedule: schedule,
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
          chargingSchedule: [{ id, ...schedule }],
        },
      };
}
