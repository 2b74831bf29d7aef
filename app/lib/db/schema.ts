import type { ColumnType } from "kysely";

/** A timestamp: PostgreSQL returns Date, SQLite returns the ISO text we wrote. */
export type Timestamp = ColumnType<Date | string, string, string>;

/** Better Auth's user table (plus the admin plugin's fields); Better Auth owns its schema. */
export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: ColumnType<boolean | number | null, boolean | number | null, boolean | number | null>;
  banReason: string | null;
  banExpires: Timestamp | null;
};

export type SessionTable = {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

export type ProfileTable = {
  id: string;
  name: string | null;
  organization: string | null;
  phone: string | null;
  updated_at: Timestamp;
};

export type RateLimitTable = {
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint on PostgreSQL, returned as text by pg). */
  window_started_at: ColumnType<number | string, number, number>;
};

export type InvestorDocumentTable = {
  slug: string;
  file_name: string;
  content_type: string;
  bytes: number;
  storage_key: string;
  uploaded_at: Timestamp;
  uploaded_by: string | null;
};

export type Database = {
  user: UserTable;
  session: SessionTable;
  profiles: ProfileTable;
  rate_limits: RateLimitTable;
  investor_documents: InvestorDocumentTable;
};
