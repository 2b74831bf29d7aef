import { UK_ZONE } from "~/lib/uk-dates";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: UK_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: UK_ZONE,
});

/** Dates are formatted once, on the server, in the consultancy's time zone, so the page reads the same everywhere. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

/** 'electrical_panel' → 'Electrical Panel' (the admin view's photo labels). */
export function capitalizeWords(value: string): string {
  return value
    .split("_")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
