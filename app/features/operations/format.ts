/** How Box Charge writes times and dates: the UK's clock, 24-hour, dd Mon yyyy (the same on the server and in the browser). */
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
const dayShort = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "2-digit",
  month: "short",
  timeZone: "Europe/London",
});

export const clockTime = (iso: string) => time.format(new Date(iso));
export const calendarDay = (iso: string) => day.format(new Date(iso));
/** "Wed 25 Nov" for a YYYY-MM-DD day (noon UTC is that day on the UK's clock). */
export const shortDay = (isoDate: string) => dayShort.format(new Date(`${isoDate}T12:00:00Z`));
export const kw = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} kW`;
export const kwh = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} kWh`;
export const pounds = (value: number) =>
  `£${value.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
