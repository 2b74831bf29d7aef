import type { ColumnType, Generated } from "kysely";

import type { Timestamp } from "./timestamp";

/**
 * Chargers' upkeep (issue 59): firmware images, rollouts and updates, files chargers upload, the certificates the
 * product issues them and the local lists they hold.
 */
export type ChargerUpkeepTables = {
  firmware_images: FirmwareImageTable;
  firmware_rollouts: FirmwareRolloutTable;
  firmware_updates: FirmwareUpdateTable;
  charger_uploads: ChargerUploadTable;
  charger_authority: ChargerAuthorityTable;
  charger_certificates: ChargerCertificateTable;
  charger_local_lists: ChargerLocalListTable;
  charger_list_snapshots: ChargerListSnapshotTable;
};

type Flag = ColumnType<boolean | number, boolean | number | undefined, boolean | number>;

/** A firmware image a company uploaded (issue 59, item 3): the file is in the file store under `file_key`. */
export type FirmwareImageTable = {
  id: Generated<number>;
  company_id: number;
  file_name: string;
  file_key: string;
  bytes: number;
  sha256: string;
  /** The version it installs, as the charger will report it. */
  version: string;
  model: string | null;
  /** 2.0.1 signed firmware: the PEM certificate and the base64 signature, carried in UpdateFirmware when given. */
  signing_certificate: string | null;
  signature: string | null;
  created_at: Timestamp;
};

/** One image to a depot's chargers of one model, wave by wave. */
export type FirmwareRolloutTable = {
  id: Generated<number>;
  depot_id: number;
  image_id: number;
  model: string;
  first_wave: number;
  while_charging: Flag;
  /** running, paused, done, cancelled */
  status: string;
  detail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** One charger's firmware update; its id is the 2.0.1 requestId. */
export type FirmwareUpdateTable = {
  id: Generated<number>;
  charge_point_id: number;
  image_id: number;
  rollout_id: number | null;
  wave: number;
  while_charging: Flag;
  status: string;
  detail: string | null;
  /** SHA-256 of the one-time download token (the URL the charger was sent). */
  token_hash: string | null;
  downloads: ColumnType<number, number | undefined, number>;
  version_before: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** Diagnostics or logs a charger was asked to upload; its id is the 2.0.1 requestId. */
export type ChargerUploadTable = {
  id: Generated<number>;
  charge_point_id: number;
  kind: string;
  transport: string;
  status: string;
  detail: string | null;
  /** SHA-256 of the one-time token: the HTTPS URL's last part, or the FTP password. */
  token_hash: string | null;
  file_name: string | null;
  file_key: string | null;
  bytes: number | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** The product's certificate authority for its chargers (issue 59, item 6): one row, made at first need. */
export type ChargerAuthorityTable = {
  id: number;
  certificate_pem: string;
  /** PKCS #8, PEM. */
  private_key_pem: string;
  created_at: Timestamp;
};

/** A certificate the product issued to a charger from the charger's own request (SignCertificate). */
export type ChargerCertificateTable = {
  id: Generated<number>;
  charge_point_id: number;
  /** Hex, as in the certificate. */
  serial: string;
  /** SHA-256 of the DER, hex: what a TLS connection's certificate is matched by. */
  fingerprint: string;
  subject: string;
  certificate_pem: string;
  not_before: Timestamp;
  not_after: Timestamp;
  issued_at: Timestamp;
  /** First connection with it (the ones issued before it are revoked then). */
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
};

/** The local authorization list a charger was last sent. */
export type ChargerLocalListTable = {
  charge_point_id: number;
  version: number;
  /** The snapshot of the list it holds (charger_list_snapshots), null while not known. */
  tags_digest: string | null;
  tag_count: number | null;
  unsupported: string | null;
  updated_at: Timestamp;
};

/** A local list some chargers hold, kept once (migration 036): its tags as JSON, named by the JSON's SHA-256. */
export type ChargerListSnapshotTable = {
  digest: string;
  tags: string;
  created_at: Timestamp;
};
