import type { ColumnType, Generated } from "kysely";

/** A depot's connection offers (migration 038, issue 60). */
export type ConnectionOfferTable = {
  id: Generated<number>;
  depot_id: number;
  name: string;
  operator: string | null;
  kind: string;
  cost_pounds: number;
  energise_on: string;
  /** JSON of an OfferShape, read through offerShapeSchema. */
  shape: string;
  chosen: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** JSON of an OfferOutlook, read through its schema; null until worked out. */
  outlook: string | null;
  outlook_status: string | null;
  outlook_error: string | null;
  /** When the depot's plan run that the outlook was worked out from started. */
  outlook_plan_at: string | null;
  updated_by: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  updated_at: ColumnType<Date | string, string | undefined, string>;
};
