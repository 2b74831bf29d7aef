import { UK_ZONE } from "~/lib/uk-dates";

import { KM_PER_MILE } from "./parse-trips";

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: UK_ZONE,
});

/** A UK day (yyyy-MM-dd) as "05 Oct 2026". */
export const formatDay = (isoDay: string) => dateFormat.format(new Date(`${isoDay}T12:00:00Z`));

export const whole = (n: number) => Math.round(n).toLocaleString("en-GB");

/** km, with miles beside it when the export gave miles. */
export const distance = (km: number, miles: boolean) =>
  miles ? `${whole(km)} km (${whole(km / KM_PER_MILE)} mi)` : `${whole(km)} km`;
