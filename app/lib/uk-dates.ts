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

/**
 * Whether a YYYY-MM-DD is a day of the calendar between 2000 and 2100 (the dates a plan, a quote or an offer gives).
 * Read back rather than parsed: JavaScript's Date takes "2027-02-30" as 2 March.
 */
export const isCalendarDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  text >= "2000-01-01" &&
  text <= "2100-12-31" &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
