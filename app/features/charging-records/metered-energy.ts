/**
 * A charger's energy register read between its readings (issue 60): linear between two readings (the register counts
 * steadily between them); before a session's first reading, its start; after a stopped session's end, its last. An
 * open session not read since a span's end is counted on at its last power until then, and the answer says it was
 * estimated: a meter that fell silent is never read as drawing nothing, which would claim a delivery never made.
 */
export type Span = { from: number; to: number };
export type MeteredSession = {
  startedAt: number;
  stoppedAt: number | null;
  startWh: number;
  lastWh: number;
  /** The power it last told (W), counted on where its register was not read. */
  powerW: number;
  /** Its readings of the register, oldest first, with the power read beside each (W) where there was one. */
  readings: { at: number; wh: number; w: number | null }[];
};

function registerOf(session: MeteredSession, now: number) {
  const points = [{ at: session.startedAt, wh: session.startWh, w: null as number | null }, ...session.readings];
  if (session.stoppedAt !== null && session.stoppedAt > points[points.length - 1]!.at)
    points.push({ at: session.stoppedAt, wh: session.lastWh, w: 0 });
  const last = points[points.length - 1]!;
  let estimated = false;
  const at = (t: number): number => {
    if (t <= points[0]!.at) return points[0]!.wh;
    if (t >= last.at) {
      if (session.stoppedAt !== null && session.stoppedAt <= last.at) return last.wh;
      const until = Math.min(t, now);
      // Not read through: counted on at the power it last told, and said to be estimated however little that is.
      if (until > last.at) estimated = true;
      return last.wh + ((last.w ?? session.powerW) * Math.max(0, until - last.at)) / 3_600_000;
    }
    // The last point at or before t, and the one after it.
    let low = 0;
    let high = points.length - 1;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (points[middle]!.at <= t) low = middle;
      else high = middle;
    }
    const a = points[low]!;
    const b = points[high]!;
    return b.at === a.at ? b.wh : a.wh + ((b.wh - a.wh) * (t - a.at)) / (b.at - a.at);
  };
  return { at, wasEstimated: () => estimated };
}

/** The chargers' energy in each span (kWh), from their sessions' registers; `estimated` when any was counted on. */
export function energyInSpans(sessions: readonly MeteredSession[], spans: readonly Span[], now: number) {
  const kwh = spans.map(() => 0);
  let estimated = false;
  for (const session of sessions) {
    const register = registerOf(session, now);
    spans.forEach((span, k) => {
      kwh[k]! += Math.max(0, register.at(span.to) - register.at(span.from)) / 1000;
    });
    estimated ||= register.wasEstimated();
  }
  return { kwh, estimated };
}
