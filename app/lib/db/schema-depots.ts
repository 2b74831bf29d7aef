import type { ColumnType, Generated } from "kysely";

export type DepotOrigin = "survey" | "company-setup";

/** A depot: its table's columns (migrations 001 onwards). */
export type DepotTable = {
  id: Generated<number>;
  /** Who added it (a survey's submitter hears of its review); never who may see it: that is its company's. */
  user_id: string;
  /** The company it belongs to (migration 016). */
  company_id: number | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  depot_name: string;
  depot_address: string;
  number_of_vehicles: number | null;
  additional_notes: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  location_address: string | null;
  location_source: Generated<string | null>; // how it was placed (migration 037)
  cable_run_obstacles: string | null;
  status: ColumnType<string, string | undefined, string>;
  idempotency_key: string | null;
  /** "survey" (submitted from the survey form) or "company-setup" (added to the company's depot list). */
  origin: ColumnType<DepotOrigin, DepotOrigin | undefined, DepotOrigin>;
  /** The consultancy's internal notes; never shown to the haulier. */
  admin_notes: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date | string, string | undefined, string>;
};
