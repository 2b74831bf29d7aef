/**
 * What the live controller decided and sent for a session, kept with the session's record (the records own
 * charging_sessions; live-control owns no table and writes here through the door): the limits in force, when they
 * were sent, whether its charger keeps to them, and the shortfall it is expected to leave with.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/lib/db/schema";

import type { Limits } from "./limits";
import { limitsToJson, limitWAt } from "./session-limits";

export type SessionControl = {
  /** The limits its charger holds (or may hold) from `at` on. */
  limits?: { limits: Limits; at: number };
  /** When the charger was last sent (and answered) a profile. */
  sentAt?: string;
  /** Its charger was seen not to keep to its limits: counted at its full power from now on. */
  ignores?: true;
  /** The shortfall it is expected to leave with, and why (null: none). */
  short?: { kwh: number | null; reason: string | null };
};

/** Keeps what the controller decided or sent for the session (`db` may be the decision's transaction). */
export async function recordSessionControl(db: Kysely<Database>, sessionId: number, control: SessionControl) {
  const set = {
    ...(control.limits
      ? {
          limit_w: limitWAt(control.limits.limits, control.limits.at),
          limit_schedule: limitsToJson(control.limits.limits),
        }
      : {}),
    ...(control.sentAt !== undefined ? { limit_sent_at: control.sentAt } : {}),
    ...(control.ignores ? { ignores_limit: 1 } : {}),
    ...(control.short ? { short_kwh: control.short.kwh, short_reason: control.short.reason } : {}),
  };
  if (Object.keys(set).length) await db.updateTable("charging_sessions").set(set).where("id", "=", sessionId).execute();
}
