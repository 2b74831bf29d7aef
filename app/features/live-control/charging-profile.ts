/**
 * Charging profiles as OCPP carries them (1.6's csChargingProfiles and
 * 2.0.1's chargingProfile, read into one shape), and the limit they set at an
 * instant: the lowest of the station maximum and the transaction's own profile
 * (else the default for new transactions), the highest stack level of each
 * purpose winning, as the specification composes them. The server builds
 * them (smart-charging.server.ts); the simulated chargers obey them.
 */
export type ProfilePurpose = "ChargePointMaxProfile" | "ChargingStationMaxProfile" | "TxDefaultProfile" | "TxProfile";

export type ChargingProfile = {
  id: number;
  stackLevel: number;
  purpose: ProfilePurpose;
  kind: "Absolute" | "Relative" | "Recurring";
  /** Absolute: when period 0 starts (ms); Relative: from the transaction's start. */
  startsAt: number | null;
  durationS: number | null;
  unit: "W" | "A";
  periods: { startPeriod: number; limit: number; numberPhases?: number }[];
  transactionRef: string | null;
};

/** 230 V per phase, three phases unless a period says otherwise: what an amp limit means in watts on a UK AC charger. */
const VOLTS = 230;

function limitW(profile: ChargingProfile, at: number, txStartedAt: number | null): number | null {
  const start = profile.kind === "Relative" ? txStartedAt : (profile.startsAt ?? txStartedAt ?? at);
  if (start === null || at < start) return null;
  const elapsedS = (at - start) / 1000;
  if (profile.durationS !== null && elapsedS >= profile.durationS) return null;
  let current: ChargingProfile["periods"][number] | undefined;
  for (const period of profile.periods) if (period.startPeriod <= elapsedS) current = period;
  if (!current) return null;
  return profile.unit === "W" ? current.limit : current.limit * VOLTS * (current.numberPhases ?? 3);
}

function winning(profiles: ChargingProfile[], at: number, txStartedAt: number | null): number | null {
  const sorted = [...profiles].sort((a, b) => b.stackLevel - a.stackLevel);
  for (const profile of sorted) {
    const limit = limitW(profile, at, txStartedAt);
    if (limit !== null) return limit;
  }
  return null;
}

/** The limit (W) on one connector now, or null when no profile limits it. */
export function effectiveLimitW(
  profiles: readonly ChargingProfile[],
  at: number,
  transaction: { ref: string; startedAt: number } | null,
): number | null {
  const station = winning(
    profiles.filter((p) => p.purpose === "ChargePointMaxProfile" || p.purpose === "ChargingStationMaxProfile"),
    at,
    transaction?.startedAt ?? null,
  );
  const own = transaction
    ? winning(
        profiles.filter(
          (p) => p.purpose === "TxProfile" && (p.transactionRef === null || p.transactionRef === transaction.ref),
        ),
        at,
        transaction.startedAt,
      )
    : null;
  const tx =
    own ??
    winning(
      profiles.filter((p) => p.purpose === "TxDefaultProfile"),
      at,
      transaction?.startedAt ?? null,
    );
  if (station === null) return tx;
  if (tx === null) return station;
  return Math.min(station, tx);
}

type Period = { startPeriod: number; limit: number; numberPhases?: number };
type Schedule16 = {
  chargingRateUnit: "W" | "A";
  chargingSchedulePeriod: Period[];
  startSchedule?: string;
  duration?: number;
};

/** Reads 1.6's csChargingProfiles. */
export function fromOcpp16(profile: {
  chargingProfileId: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  chargingProfileKind: string;
  transactionId?: number;
  chargingSchedule: Schedule16;
}): ChargingProfile {
  return {
    id: profile.chargingProfileId,
    stackLevel: profile.stackLevel,
    purpose: profile.chargingProfilePurpose as ProfilePurpose,
    kind: profile.chargingProfileKind as ChargingProfile["kind"],
    startsAt: profile.chargingSchedule.startSchedule ? Date.parse(profile.chargingSchedule.startSchedule) : null,
    durationS: profile.chargingSchedule.duration ?? null,
    unit: profile.chargingSchedule.chargingRateUnit,
    periods: profile.chargingSchedule.chargingSchedulePeriod,
    transactionRef: profile.transactionId === undefined ? null : String(profile.transactionId),
  };
}

/** Reads 2.0.1's chargingProfile (its first schedule). */
export function fromOcpp201(profile: {
  id: number;
  stackLevel: number;
  chargingProfilePurpose: string;
  chargingProfileKind: string;
  transactionId?: string;
  chargingSchedule: (Schedule16 & { id: number })[];
}): ChargingProfile {
  const schedule = profile.chargingSchedule[0]!;
  return {
    id: profile.id,
    stackLevel: profile.stackLevel,
    purpose: profile.chargingProfilePurpose as ProfilePurpose,
    kind: profile.chargingProfileKind as ChargingProfile["kind"],
    startsAt: schedule.startSchedule ? Date.parse(schedule.startSchedule) : null,
    durationS: schedule.duration ?? null,
    unit: schedule.chargingRateUnit,
    periods: schedule.chargingSchedulePeriod,
    transactionRef: profile.transactionId ?? null,
  };
}
