import type { ColumnType, Generated } from "kysely";

import type { Timestamp } from "./timestamp";

/** A haulier's company: a team that owns depots and everything that hangs off them (migration 016, issue 48). */
export type CompanyTable = {
  id: Generated<number>;
  company_name: string;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  charging_strategy: string | null;
  /** Whether an owner has saved the company's details; until then the form starts from their profile. */
  details_saved: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: ColumnType<Date | string, string | undefined, string>;
  updated_at: Timestamp;
};

export type CompanyMemberTable = {
  id: Generated<number>;
  company_id: number;
  user_id: string;
  /** A CompanyRole (lib/company-roles.ts). */
  role: string;
  /** Whether the company's e-mails (apply-by reminders, status changes) go to this member. */
  notify: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** The depots a depot manager's membership names. */
export type MemberDepotTable = { member_id: number; depot_id: number };

export type CompanyInvitationTable = {
  id: Generated<number>;
  company_id: number;
  email: string;
  role: string;
  /** JSON array of depot ids (a depot manager's depots). */
  depot_ids: string;
  /** SHA-256 of the link's token: the link works once and is not readable from the database. */
  token_hash: string;
  invited_by: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
};

/** Who did what in a company, and on which depot. */
export type CompanyActivityTable = {
  id: Generated<number>;
  company_id: number;
  actor_id: string | null;
  actor_email: string;
  /** Whether the consultancy (an admin) did it. */
  by_admin: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  action: string;
  depot_id: number | null;
  depot_name: string | null;
  created_at: ColumnType<Date | string, string | undefined, string>;
};

/** The company a session is working in. */
export type SessionCompanyTable = { session_id: string; company_id: number };
