/** How the product writes times and dates: the UK's clock, 24-hour, dd Mon yyyy (the same on the server and in the browser). */

/** The UK's clock: every day, hour, tariff band and month the product counts is on it. */
export const UK_ZONE = "Europe/London";

const time = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: UK_ZONE,
});
const day = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: UK_ZONE,
});
export const clockTime = (iso: string) => time.format(new Date(iso));
export const calendarDay = (iso: string) => day.format(new Date(iso));
/** "27 Nov 2026, 14:05". */
export const dayAndTime = (iso: string) => `${calendarDay(iso)}, ${clockTime(iso)}`;

const dayShort = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "2-digit",
  month: "short",
  timeZone: UK_ZONE,
});
/** "Wed 25 Nov" for a YYYY-MM-DD day (noon UTC is that day on the UK's clock). */
export const shortDay = (isoDate: string) => dayShort.format(new Date(`${isoDate}T12:00:00Z`));
