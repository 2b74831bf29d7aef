/**
 * What is wrong at a depot now, read from the same figures its operations page shows (features/operations): each
 * condition with the words of its alert — its reason, and what to do — and the figure that says whether it worsened.
 * Pure, so the page, the e-mail and the tests read one answer.
 */
import { clockTime } from "~/lib/uk-dates";
import { kw, kwh } from "~/lib/units";

import type { AlertKind } from "./alert-kinds";

export type Condition = {
  kind: AlertKind;
  subjectKey: string;
  subject: string;
  reason: string;
  advice: string;
  /** For "short": the shortfall (kWh); an alert is mailed again when it grows by a quarter and at least 1 kWh. */
  value: number | null;
  /** Since when it has held, where the figures say (a charger last heard from); else from when it is first seen. */
  since?: string | null;
};

/** The part of a depot's operations figures the alerts read. */
export type DepotNow = {
  loadKw: number;
  limitKw: number | null;
  chargers: {
    id: number;
    name: string;
    connected: boolean;
    lastSeenAt: string | null;
    connectors: { id: number; status: string; errorCode: string | null }[];
    notManaged: string | null;
    siteMeter?: boolean;
  }[];
  readiness: {
    rows: {
      key: string;
      vehicle: string;
      status: string;
      charger: string | null;
      departsAt: string | null;
      shortKwh: number;
      plugInBy: string | null;
      targetPct: number | null;
    }[];
  };
  meter?: { silentSince: string | null; countedKw: number } | null;
  /** The connection in force where an offer or the network sets it (issue 60). */
  connection?: {
    name: string;
    nowKva: number;
    failSafe: boolean;
    loweredTo: number | null;
    loweredUntil: string | null;
  } | null;
};

export function conditionsAt(depot: DepotNow): Condition[] {
  const found: Condition[] = [];
  for (const row of depot.readiness.rows) {
    const leaves = row.departsAt ? ` at ${clockTime(row.departsAt)}` : "";
    if (row.status === "short")
      found.push({
        kind: "short",
        subjectKey: row.key,
        subject: row.vehicle,
        reason: `${row.vehicle} will leave ${kwh(row.shortKwh)} short${leaves}${row.charger ? "" : " even if it is plugged in at once"}.`,
        advice: row.charger
          ? "Set a later departure or a lower target if its duty allows, move it to a faster or free charger, or send another vehicle with more charge."
          : "Plug it in as soon as it is back on the fastest charger, or send another vehicle with more charge.",
        value: row.shortKwh,
      });
    else if (row.status === "at risk" && !row.charger && row.plugInBy)
      found.push({
        kind: "not-plugged",
        subjectKey: row.key,
        subject: row.vehicle,
        reason: `${row.vehicle} is not plugged in: it must be by ${clockTime(row.plugInBy)} to leave${row.targetPct !== null ? ` with ${Math.round(row.targetPct)} %` : " ready"}${leaves}.`,
        advice: "Plug it in, or set its departure on the board if it is not going out.",
        value: null,
      });
  }
  // The site's meter is watched as the meter (silent), not as a charger.
  for (const charger of depot.chargers.filter((c) => !c.siteMeter)) {
    if (!charger.connected)
      found.push({
        kind: "charger-offline",
        subjectKey: `charger:${charger.id}`,
        subject: charger.name,
        reason: `${charger.name} is offline${charger.lastSeenAt ? `: last heard from at ${clockTime(charger.lastSeenAt)}` : ""}.`,
        advice: "Check its power and network connection. A vehicle on it is not charging; move it to another charger.",
        value: null,
        since: charger.lastSeenAt,
      });
    for (const connector of charger.connectors)
      if (charger.connected && connector.status === "Faulted")
        found.push({
          kind: "charger-faulted",
          subjectKey: `charger:${charger.id}:${connector.id}`,
          subject: `${charger.name} · ${connector.id}`,
          reason: `${charger.name}'s connector ${connector.id} is faulted${connector.errorCode && connector.errorCode !== "NoError" ? ` (${connector.errorCode})` : ""}.`,
          advice: "Reset it from Actions on its card; if it faults again, call its maintainer and move the vehicle.",
          value: null,
        });
    if (charger.notManaged)
      found.push({
        kind: "not-managed",
        subjectKey: `charger:${charger.id}`,
        subject: charger.name,
        reason: `${charger.name} is not managed: ${charger.notManaged.charAt(0).toLowerCase()}${charger.notManaged.slice(1)}. It is counted at its full power and the others are held back.`,
        advice:
          "Ask its maintainer to turn on smart charging (OCPP's SmartCharging profile); until then, plug vehicles that can wait into other chargers.",
        value: null,
      });
  }
  if (depot.limitKw !== null && depot.loadKw > depot.limitKw + 1e-6)
    found.push({
      kind: "over-limit",
      subjectKey: "site",
      subject: "The site",
      reason: `The chargers drew ${kw(depot.loadKw)} against the site's ${kw(depot.limitKw)} limit for more than a minute.`,
      advice:
        "Look for a charger marked as not taking its limits, and for building loads the plan does not know; the controller has tightened the others.",
      value: depot.loadKw - depot.limitKw,
    });
  if (depot.meter?.silentSince)
    found.push({
      kind: "meter-silent",
      subjectKey: "meter",
      subject: "The site's meter",
      since: depot.meter.silentSince,
      reason: `The site's meter has sent nothing since ${clockTime(depot.meter.silentSince)}: the controller counts the higher of the plan's building load and its last reading, plus a margin (${kw(depot.meter.countedKw)}), instead.`,
      advice: "Check the meter's power and connection. Charging carries on, with less room until it is back.",
      value: null,
    });
  found.push(...networkConditions(depot.connection));
  return found;
}

/** The network's part (issue 60): a flexible connection held to its firm part, and a limit the network set. */
function networkConditions(connection: DepotNow["connection"]): Condition[] {
  const out: Condition[] = [];
  const kva = (value: number) => `${Math.round(value).toLocaleString("en-GB")} kVA`;
  if (connection?.failSafe)
    out.push({
      kind: "network-silent",
      subjectKey: "network",
      subject: "The network's channel",
      reason: `The network has not been heard for five minutes or more: ${connection.name} is held to its firm part (${kva(connection.nowKva)}) until it is.`,
      advice:
        "Check the system that tells the network's limits (the fleet API's network call, at least every 5 minutes). Charging carries on with less room; vehicles that will leave short are listed.",
      value: null,
    });
  if (connection?.loweredTo !== null && connection?.loweredTo !== undefined)
    out.push({
      kind: "network-limit",
      subjectKey: "network-limit",
      subject: "The site's limit",
      reason: `The network has lowered the site to ${kva(connection.loweredTo)}${connection.loweredUntil ? ` until ${clockTime(connection.loweredUntil)}` : ""}.`,
      advice:
        "The chargers are held to it. Vehicles that will now leave short are listed; move a departure or send another vehicle where you can.",
      value: null,
    });
  return out;
}
