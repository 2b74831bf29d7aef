import { calendarDay, clockTime } from "~/lib/uk-dates";

export { calendarDay, clockTime };

/** How Box Charge writes a short day: the UK's clock (the same on the server and in the browser). */
const dayShort = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "2-digit",
  month: "short",
  timeZone: "Europe/London",
});

/** "Wed 25 Nov" for a YYYY-MM-DD day (noon UTC is that day on the UK's clock). */
export const shortDay = (isoDate: string) => dayShort.format(new Date(`${isoDate}T12:00:00Z`));
export const kw = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} kW`;
export const kwh = (value: number) => `${value.toLocaleString("en-GB", { maximumFractionDigits: 1 })} kWh`;
export const pounds = (value: number) =>
  `£${value.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
