/**
 * Sending a decision's schedules to this process's chargers (decision 031): every lowering is in force (answered)
 * before any raise goes out, so the sum the chargers may draw holds at every instant; a charger that refuses, or whose
 * schedule read back composes above what it was sent, is counted at what it draws from then on.
 */
import type { OcppEndpoint } from "~/features/chargers";
import { profileStateOf, recordDefaultLimit, refusesProfiles } from "~/features/chargers/index.server";
import type { Limits } from "~/features/charging-records";
import { recordSessionControl } from "~/features/charging-records/index.server";
import type { Runtime } from "~/lib/runtime.server";

import type { Change, OpenSession } from "./depot-decision.server";
import { composesAbove, markIgnoring } from "./limit-keeping.server";
import { profileFor } from "./profile-requests";
import { siteLimitKw } from "./site";
import { depotSite } from "./site.server";

type Deps = Pick<Runtime, "database" | "log">;
type Endpoint = Pick<OcppEndpoint, "call" | "isConnected">;

/** Sessions whose composite schedule was read back by this process: a session's is read once. */
export type ReadBack = Set<number>;

type Asked = { sent: false } | { sent: true; accepted: boolean; why: string | null; error?: unknown };

/**
 * Sends a charging profile, one at a time to a charger (in this process): each is sent only if the charger has not
 * refused one since it was queued, and a refusal is recorded (`refuse`, with whether it cannot take any) before the
 * next is looked at. A charger that reconnects is readied twice (on its connection and its boot) and decided for at
 * once: three calls sent together before the first NotImplemented came back were three refusals (SAP's simulator, on
 * issue 49's trial).
 */
async function askToHold(
  deps: Deps,
  endpoint: Endpoint,
  chargePointId: number,
  request: unknown,
  refuse: (why: string, cannot: boolean) => Promise<void>,
): Promise<Asked> {
  const asked = await oneProfileAtATime(deps, chargePointId, async (): Promise<Asked> => {
    try {
      const answer = (await endpoint.call(chargePointId, "SetChargingProfile", request)) as { status?: string };
      if (answer?.status === "Accepted") return { sent: true, accepted: true, why: null };
      const why = `Answered ${answer?.status ?? "nothing"} to its charging profile`;
      await refuse(why, false);
      return { sent: true, accepted: false, why };
    } catch (error) {
      const cannot = refusalOf(error);
      const why = cannot ? `Answered ${cannot} to its charging profile` : null;
      if (why) await refuse(why, true);
      return { sent: true, accepted: false, why, error };
    }
  });
  return asked ?? { sent: false };
}

/** The queue: answers null when the charger refused meanwhile and nothing was sent. */
const profileQueue = new Map<number, Promise<unknown>>();
async function oneProfileAtATime<T>(deps: Deps, chargePointId: number, send: () => Promise<T>): Promise<T | null> {
  const before = profileQueue.get(chargePointId) ?? Promise.resolve();
  const mine = before.then(async () => {
    const point = await profileStateOf(deps, chargePointId);
    return point && point.profiles_refused === null ? send() : null;
  });
  const settled = mine.catch(() => undefined);
  profileQueue.set(chargePointId, settled);
  void settled.then(() => {
    if (profileQueue.get(chargePointId) === settled) profileQueue.delete(chargePointId);
  });
  return mine;
}

/**
 * Sends the decision's changes: lowerings together, then (every lowering taken) the raises. Answers what was lowered
 * and whether a charger refused (or composes above its schedule, or a lowering was not taken), so the depot is shared
 * again.
 */
export async function sendLimits(deps: Deps, endpoint: Endpoint, changes: Change[], at: number, readBack: ReadBack) {
  let refused = false;
  const send = async (session: OpenSession, limits: Limits, final: boolean) => {
    const result = await sendOne(deps, endpoint, session, limits, final, at, readBack);
    if (result.refused) refused = true;
    return result.accepted;
  };
  const lowered = changes.filter((c) => c.first);
  const answered = await Promise.all(lowered.map((c) => send(c.session, c.first!, !c.then)));
  // A lowering not in force (refused, or the charger gone midway: a real one keeps the profile it held through a lost
  // connection) and no raise goes out: each was shared on that room. The depot is decided again, that charger counted
  // at what it may draw (fail safe: a firmware rollout's reboots once took a depot to 274 kW of 200 this way).
  if (answered.some((accepted) => !accepted)) return { lowered: lowered.length > 0, refused: true };
  await Promise.all(changes.filter((c) => c.then).map((c) => send(c.session, c.then!, true)));
  return { lowered: lowered.length > 0, refused };
}

/**
 * Sends one session's limits; `final`: the charger holds them from its answer on (else a raise follows, and it stays
 * counted at the higher of old and new).
 */
async function sendOne(
  deps: Deps,
  endpoint: Endpoint,
  session: OpenSession,
  limits: Limits,
  final: boolean,
  at: number,
  readBack: ReadBack,
): Promise<{ accepted: boolean; refused: boolean }> {
  const target = { id: session.id, ref: session.ref, connectorId: session.connectorId };
  const request = profileFor(session.protocol!, target, limits, at);
  // Rejected: this vehicle's profile (a transaction ending as it was sent, say), so the next one is asked again; a
  // charger that cannot (NotImplemented, NotSupported) is not asked until it reconnects.
  const asked = await askToHold(deps, endpoint, session.chargePointId, request, (why, cannot) =>
    refusesProfiles(deps, session.chargePointId, why, { tell: false, until: cannot ? "reconnect" : "transaction" }),
  );
  // Not sent: the charger refused another profile meanwhile, and is counted at its maximum by the next decision.
  if (!asked.sent) return { accepted: false, refused: true };
  if (asked.error)
    deps.log.warn({ err: asked.error, session: session.id }, "a charger did not take its charging profile");
  const accepted = asked.accepted;
  const why = asked.why ?? "Did not take its charging profile";
  // What the charger holds once it has answered (until then it was counted at the higher of old and new).
  const sentAt = new Date().toISOString();
  await recordSessionControl(deps.database.db, session.id, {
    sentAt,
    ...(accepted && final ? { limits: { limits, at: Date.now() } } : {}),
  });
  if (!accepted) {
    await markIgnoring(deps, session, why);
    return { accepted, refused: !session.ignores };
  }
  // Once a session, the schedule it will keep to is read back and compared (where the charger supports it).
  if (final && !session.ignores && !readBack.has(session.id)) {
    // A process's lifetime of sessions, kept small: at worst a session's schedule is read back twice.
    if (readBack.size >= 100_000) readBack.clear();
    readBack.add(session.id);
    if (await composesAbove(deps, endpoint, session, limits)) return { accepted, refused: true };
  }
  return { accepted, refused: false };
}

/**
 * A charger at a depot with a site limit starts every new transaction at 0 W (TxDefaultProfile) until its own share
 * arrives a moment later: a vehicle plugging in never takes the charger's full power on top of the others'. Answers
 * whether the depot has a limit to share (then the caller decides for it).
 */
export async function sendDefaultProfile(
  deps: Deps,
  endpoint: Endpoint,
  { chargePointId, depotId }: { chargePointId: number; depotId: number },
): Promise<boolean> {
  const site = await depotSite(deps, depotId);
  const point = await profileStateOf(deps, chargePointId);
  if (!point?.protocol || siteLimitKw(site, Date.now()) === null) return false;
  // One that refused a profile since it connected is not asked again; the depot is still shared around it.
  if (point.profiles_refused !== null) return true;
  const request = profileFor(point.protocol, null, 0, Date.now());
  const asked = await askToHold(deps, endpoint, chargePointId, request, (why) =>
    refusesProfiles(deps, chargePointId, why),
  );
  if (!asked.sent) return true;
  if (asked.error) deps.log.warn({ err: asked.error, chargePointId }, "a charger did not take its default profile");
  await recordDefaultLimit(deps, chargePointId, asked.accepted ? 0 : null);
  return true;
}

/** The OCPP error by which a charger says it cannot take the call at all (a CALLERROR, not a status), if it is one. */
function refusalOf(error: unknown): "NotImplemented" | "NotSupported" | null {
  // ocpp-rpc's error, or the endpoint's UserError around it.
  const rpc = error instanceof Error && error.cause ? error.cause : error;
  const code = (rpc as { rpcErrorCode?: unknown } | null)?.rpcErrorCode;
  return code === "NotImplemented" || code === "NotSupported" ? code : null;
}
