/**
 * Money, as the product keeps it (issue 58): whole pence, integers, everywhere — a price, a session's cost, a line of a
 * statement. Pounds are only ever written for people (`formatPence`), and a figure computed in fractions of a penny
 * (energy × a price) is rounded once, where it becomes a line (`toPence`).
 */

/** Whole pence from an amount in pence that may have fractions (rounded half away from zero, once). */
export const toPence = (pence: number): number => Math.sign(pence) * Math.round(Math.abs(pence));

/** "£1,234.56" (and "−£3.20" for a credit): the one way money is written. */
export const formatPence = (pence: number): string => {
  const whole = Math.round(pence);
  return `${whole < 0 ? "−" : ""}£${Math.floor(Math.abs(whole) / 100).toLocaleString("en-GB")}.${String(Math.abs(whole) % 100).padStart(2, "0")}`;
};

/** A statement's money columns: pence, and the same in pounds with two decimals (for a spreadsheet). */
export const moneyColumns = (pence: number): [number, string] => [
  Math.round(pence),
  (Math.round(pence) / 100).toFixed(2),
];
