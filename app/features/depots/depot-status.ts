import { z } from "zod";

/** The four review states (section 4 of the specification); an admin may move a depot between any two. */
export const DEPOT_STATUSES = ["pending", "reviewing", "approved", "rejected"] as const;
export type DepotStatusValue = (typeof DEPOT_STATUSES)[number];

export const depotStatusSchema = z.enum(DEPOT_STATUSES, {
  message: "Status must be pending, reviewing, approved or rejected",
});

/** An empty or unknown stored status reads as pending. */
export function normalizeStatus(value: string | null | undefined): DepotStatusValue {
  return (DEPOT_STATUSES as readonly string[]).includes(value ?? "") ? (value as DepotStatusValue) : "pending";
}

export function statusLabel(value: string | null | undefined): string {
  const status = normalizeStatus(value);
  return status.charAt(0).toUpperCase() + status.slice(1);
}
