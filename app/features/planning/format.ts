/** How the Charging Plan tab and the report write times, numbers and money (en-GB). */
export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString("en-GB", { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const formatPounds = (value: number) => `£${formatNumber(Math.round(value))}`;
