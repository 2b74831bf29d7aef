/** How the Charging Plan tab and the report write times, numbers and money (en-GB). */
export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
/** Minutes after midnight from a 24-hour time as typed ("07:30", "7:30", "0730"), or null when it is none. */
export function parseClock(text: string): number | null {
  const match = /^\s*([01]?\d|2[0-3]):?([0-5]\d)\s*$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}
export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const formatPounds = (value: number) => `£${formatNumber(Math.round(value))}`;
