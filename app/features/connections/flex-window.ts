import { ukFields } from "~/lib/uk-clock";

import type { FlexWindow } from "./flex-answer";
import type { Horizon } from "./offer-limit";

const MINUTE = 60_000;

/**
 * A window of real time laid on a plan's horizon by the UK clock: a week's plan (or longer) by weekday and time of
 * day, a shorter one by time of day. Each step the window touches, in order from its start (wrapping past the
 * horizon's end), with the part of it covered and the instants that part spans (the baseline's segments).
 */
export function flexWindow(horizon: Horizon, from: number, until: number) {
  const stepMs = horizon.stepMinutes * MINUTE;
  const horizonMinutes = horizon.days * 1440;
  const local = ukFields(from);
  const minuteOfDay = local.hour * 60 + local.minute + (from % MINUTE) / MINUTE;
  const offset =
    horizon.days >= 7
      ? ((local.weekday - 1 - horizon.startWeekday + 7) % 7) * 1440 + minuteOfDay
      : minuteOfDay % horizonMinutes;
  const first = Math.floor(offset / horizon.stepMinutes);
  // The instant the window's first step starts at.
  const origin = from - (offset - first * horizon.stepMinutes) * MINUTE;
  const steps: number[] = [];
  const covered: number[] = [];
  const spans: { from: number; to: number }[] = [];
  const total = (horizon.days * 1440) / horizon.stepMinutes;
  for (let k = 0; origin + k * stepMs < until && k < total; k++) {
    const a = Math.max(from, origin + k * stepMs);
    const b = Math.min(until, origin + (k + 1) * stepMs);
    steps.push((first + k) % total);
    covered.push((b - a) / stepMs);
    spans.push({ from: a, to: b });
  }
  const window: FlexWindow = { steps, covered, hours: (until - from) / 3_600_000 };
  return { window, spans };
}
