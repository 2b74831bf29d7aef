import { type Kysely } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";

import { dialectHelpers, type Engine } from "./dialect.server";
import { migration as m001 } from "./migrations/001-profiles";
import { migration as m002 } from "./migrations/002-rate-limits-and-investor-documents";
import { migration as m003 } from "./migrations/003-outbox-depots-photos";
import { migration as m004 } from "./migrations/004-admin-review";
import { migration as m005 } from "./migrations/005-electrify-workspace";
import { migration as m006 } from "./migrations/006-charging-plans";
import { migration as m007 } from "./migrations/007-hashed-session-tokens-and-investor-grants";
import { migration as m008 } from "./migrations/008-plan-scenarios";
import { migration as m009 } from "./migrations/009-depot-origin";
import { migration as m010 } from "./migrations/010-trip-imports";
import { migration as m011 } from "./migrations/011-charge-points";
import { migration as m012 } from "./migrations/012-vehicle-tags";
import { migration as m013 } from "./migrations/013-roadmap";
import { migration as m014 } from "./migrations/014-charging-schedules";
import { migration as m015 } from "./migrations/015-charger-refuses-profiles";
import { migration as m016 } from "./migrations/016-companies-as-teams";
import { migration as m017 } from "./migrations/017-vehicle-told-needs";
import { migration as m018 } from "./migrations/018-vehicle-state-and-api-keys";
import { migration as m019 } from "./migrations/019-depot-alerts";
import { migration as m020 } from "./migrations/020-site-meter";
import { migration as m021 } from "./migrations/021-vehicle-arrival";
import { migration as m022 } from "./migrations/022-hubs";
import { migration as m023 } from "./migrations/023-expected-visits";
import { migration as m024 } from "./migrations/024-statement-disputes";
import { migration as m025 } from "./migrations/025-contract-dates";
import { migration as m026 } from "./migrations/026-visit-tier";
import { migration as m027 } from "./migrations/027-one-policy";
import { migration as m028 } from "./migrations/028-sessions-by-depot";
import { migration as m029 } from "./migrations/029-who-may-charge";
import { migration as m030 } from "./migrations/030-reservations";
import { migration as m031 } from "./migrations/031-charger-settings";
import { migration as m032 } from "./migrations/032-charger-knocks";
import { migration as m033 } from "./migrations/033-firmware-and-logs";
import { migration as m034 } from "./migrations/034-password-grace";
import { migration as m035 } from "./migrations/035-charger-certificates";
import { migration as m036 } from "./migrations/036-list-snapshots";
import { migration as m037 } from "./migrations/037-depots-placed-from-address";
import { migration as m038 } from "./migrations/038-connection-offers";
import { migration as m039 } from "./migrations/039-network-instructions";
import { migration as m040 } from "./migrations/040-openadr-links";
import { migration as m041 } from "./migrations/041-session-soc-read-at";
import { migration as m042 } from "./migrations/042-flex-requests";
import { migration as m043 } from "./migrations/043-openadr-client-credentials";
import { migration as m044 } from "./migrations/044-flex-baselines";
import { type AppMigration } from "./migrations/migration";

/**
 * The product's own tables, in order, one file each under ./migrations. Better Auth creates and migrates
 * its tables (user, session, account, verification, rateLimit) before these run.
 * Never edit a migration that has shipped: add a new one.
 */
const migrations: Record<string, AppMigration> = {
  "001_profiles": m001,
  "002_rate_limits_and_investor_documents": m002,
  "003_outbox_depots_photos": m003,
  "004_admin_review": m004,
  "005_electrify_workspace": m005,
  "006_charging_plans": m006,
  "007_hashed_session_tokens_and_investor_grants": m007,
  "008_plan_scenarios": m008,
  "009_depot_origin": m009,
  "010_trip_imports": m010,
  "011_charge_points": m011,
  "012_vehicle_tags": m012,
  "013_roadmap": m013,
  "014_charging_schedules": m014,
  "015_charger_refuses_profiles": m015,
  "016_companies_as_teams": m016,
  "017_vehicle_told_needs": m017,
  "018_vehicle_state_and_api_keys": m018,
  "019_depot_alerts": m019,
  "020_site_meter": m020,
  "021_vehicle_arrival": m021,
  "022_hubs": m022,
  "023_expected_visits": m023,
  "024_statement_disputes": m024,
  "025_contract_dates": m025,
  "026_visit_tier": m026,
  "027_one_policy": m027,
  "028_sessions_by_depot": m028,
  "029_who_may_charge": m029,
  "030_reservations": m030,
  "031_charger_settings": m031,
  "032_charger_knocks": m032,
  "033_firmware_and_logs": m033,
  "034_password_grace": m034,
  "035_charger_certificates": m035,
  "036_list_snapshots": m036,
  "037_depots_placed_from_address": m037,
  "038_connection_offers": m038,
  "039_network_instructions": m039,
  "040_openadr_links": m040,
  "041_session_soc_read_at": m041,
  "042_flex_requests": m042,
  "043_openadr_client_credentials": m043,
  "044_flex_baselines": m044,
};

function inlineProvider(engine: Engine): MigrationProvider {
  const helpers = dialectHelpers(engine);
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(migrations).map(([name, migration]) => [
          name,
          { up: (db: Kysely<unknown>) => migration.up(db, helpers) },
        ]),
      );
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>, engine: Engine): Promise<string[]> {
  const migrator = new Migrator({ db, provider: inlineProvider(engine) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
