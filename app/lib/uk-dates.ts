/** How the product writes times and dates: the UK's clock, 24-hour, dd Mon yyyy (the same on the server and in the browser). */
const time = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/London",
});
const day = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "Europe/London",
});
export const clockTime = (iso: string) => time.format(new Date(iso));
export const calendarDay = (iso: string) => day.format(new Date(iso));
/** "27 Nov 2026, 14:05". */
export const dayAndTime = (iso: string) => `${calendarDay(iso)}, ${clockTime(iso)}`;
