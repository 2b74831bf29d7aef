import type { ColumnType } from "kysely";

/** The roadmap's tables (migration 013, issue 33). */
export type RoadmapTable = {
  /** One per company (migration 016; a user's before). */
  company_id: number;
  /** JSON read through roadmapSettingsSchema. */
  settings: string;
  updated_at: ColumnType<Date | string, string | undefined, string>;
};

export type RoadmapResultTable = {
  key: string;
  /** JSON of a DepotYear, read through its schema. */
  result: string;
  used_at: ColumnType<Date | string, string | undefined, string>;
};

export type ConnectionApplicationTable = {
  depot_id: number;
  stage: string;
  requested_kva: number | null;
  budget_requested_on: string | null;
  quote_received_on: string | null;
  quote_pounds: number | null;
  quote_kva: number | null;
  energisation_on: string | null;
  accepted_on: string | null;
  works_on: string | null;
  energised_on: string | null;
  quote_file_key: string | null;
  quote_file_name: string | null;
  notes: string | null;
  updated_by: string | null;
  updated_at: ColumnType<Date | string, string | undefined, string>;
};

export type ApplyByReminderTable = {
  depot_id: number;
  apply_by: string;
  sent_at: ColumnType<Date | string, string | undefined, string>;
};
