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

/** The network's limits on a depot's site (migration 039, issue 60). */
export type NetworkInstructionTable = {
  id: Generated<number>;
  depot_id: number;
  starts_at: ColumnType<Date | string, string, string>;
  ends_at: ColumnType<Date | string, string, string>;
  limit_kva: number;
  /** "hand" (Operations) or "api" (the fleet API). */
  source: string;
  reason: string | null;
  created_by: string | null;
  created_at: ColumnType<Date | string, string, string>;
  cancelled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
};

/** When the network's channel was last heard for a depot (migration 039). */
export type NetworkSignalTable = {
  depot_id: number;
  heard_at: ColumnType<Date | string, string, string>;
  heard_by: string | null;
};

/** A depot's link to its network operator's OpenADR 3.0 VTN (migration 040). */
export type OpenAdrLinkTable = {
  depot_id: number;
  vtn_url: string;
  /** The operator's bearer token; empty when the VTN issues tokens for a client id and secret (migration 043). */
  token: string;
  client_id: string | null;
  client_secret: string | null;
  program_name: string;
  last_polled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_ok_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  last_error: string | null;
  created_by: string | null;
  updated_at: ColumnType<Date | string, string, string>;
};

/** A flexibility request from the network and the depot's answer (migration 042, issue 60): the flexibility room's. */
export type FlexRequestTable = {
  id: Generated<number>;
  depot_id: number;
  /** "hand" (the network page), "api" (the fleet API) or "openadr" (an event of the linked VTN, `ref` its id). */
  source: string;
  ref: string | null;
  name: string;
  starts_at: ColumnType<Date | string, string, string>;
  ends_at: ColumnType<Date | string, string, string>;
  /** The turn-down asked (kW below the baseline); null: as much as the fleet can spare. */
  asked_kw: number | null;
  price_pounds_per_mwh: number | null;
  /** What the delivery is paid on: "nominated" (the plan's draw) or "historical" (like days metered; migration 044). */
  baseline: ColumnType<string, string | undefined, string>;
  /** "offered", "declined", "cancelled" or "failed". */
  status: string;
  /** JSON of the answer (flex-store.ts): the baseline, the limit held and what it moves. */
  answer: string | null;
  note: string | null;
  /** The network instruction that holds the site to the offer. */
  instruction_id: number | null;
  /** JSON of the delivery measured from the chargers' meters, once the window has passed. */
  delivery: string | null;
  measured_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The reports sent to the VTN ("offer", "offer,delivery"). */
  reported: string | null;
  created_by: string | null;
  created_at: ColumnType<Date | string, string, string>;
};
