import { openAsBlob } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { pino } from "pino";

import { seedDemo } from "~/features/admin/index.server";
import { BackupError, createBackup, restoreBackup } from "~/features/backup/index.server";
import { describeImport, isOperator } from "~/features/grid";
import { importGridFile, listGridImports } from "~/features/grid/index.server";
import { INVESTOR_DOCUMENTS, isInvestorDocumentSlug } from "~/features/investors";
import { listInvestorDocuments, uploadInvestorDocument } from "~/features/investors/index.server";
import { importTrips, previewTrips } from "~/features/trips/index.server";
import { roleSchema } from "~/features/users";
import { addUser, changeUserRole, listUsers } from "~/features/users/index.server";
import { CLI_ACTOR } from "~/lib/audit.server";
import { EnvError, loadEnv } from "~/lib/env.server";
import { openRuntime, type Runtime } from "~/lib/runtime.server";
import { UserError } from "~/lib/user-error";

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --email E --password P [--name N] [--admin]   create an account (admin role with --admin)
  user:invite --email E [--name N] [--admin]                create an account and e-mail a link to choose its password
  user:list                                                 list every account with its role
  user:set-role --email E --role admin|user                 grant or remove the admin role
  investor:upload --document SLUG --file PATH               upload or replace an investor document
                                                            (SLUG: ${INVESTOR_DOCUMENTS.map((d) => d.slug).join(", ")})
  investor:list                                             list the investor documents and which are uploaded
  grid:import FILE --format nged|ukpn [--date YYYY-MM-DD]   import a network operator's published capacity file,
          [--replace-most]                                  replacing that operator's previous import (--replace-most:
                                                            even when the file has under half its substations)
  grid:list                                                 list the imported capacity data
  trips:import FILE --depot ID [--unit km|mi] [--anonymise] import a fleet's trip export (CSV or XLSX) into a depot,
                                                            its columns recognised from their headers; replaces the
                                                            depot's previous trips (--anonymise: drop driver names)
  demo:seed --depots N [--users N]                          add demo hauliers (haulier-NNN@demo.example, password
                                                            demo-password) and N demo depot submissions with photos
  backup --out FILE                                         a .tar.gz of the SQLite database (taken while the server
                                                            runs), the auth secret and every uploaded file
  restore --from FILE --data-dir DIR [--force]              restore a backup into a data directory without a database
                                                            (--force replaces one; stop the server first)

The CLI uses the same environment as the server (DATA_DIR, DATABASE_URL, …).`;

type Command = (
  runtime: Runtime,
  values: Record<string, string | boolean | undefined>,
  positionals: string[],
) => Promise<void>;

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value;
}

class UsageError extends Error {}

const commands: Record<string, Command> = {
  "user:create": async (runtime, values) => {
    const user = await addUser(runtime, {
      email: required(values, "email"),
      password: required(values, "password"),
      name: typeof values.name === "string" ? values.name : undefined,
      role: values.admin === true ? "admin" : "user",
      invite: false,
      actor: CLI_ACTOR,
    });
    console.log(`Created ${user.role} ${user.email} (id ${user.id})`);
  },
  "user:invite": async (runtime, values) => {
    const user = await addUser(runtime, {
      email: required(values, "email"),
      name: typeof values.name === "string" ? values.name : undefined,
      role: values.admin === true ? "admin" : "user",
      invite: true,
      actor: CLI_ACTOR,
    });
    console.log(
      `Invited ${user.role} ${user.email} (id ${user.id}); ${user.emailSent ? "invitation sent" : "invitation queued: the outbox will retry"}`,
    );
  },
  "user:list": async (runtime) => {
    const users = await listUsers(runtime);
    if (users.length === 0) {
      console.log("No users yet.");
      return;
    }
    for (const user of users) {
      console.log(
        [user.email, user.role, user.banned ? "deactivated" : "active", user.createdAt, user.name ?? ""].join("\t"),
      );
    }
  },
  "user:set-role": async (runtime, values) => {
    const role = roleSchema.safeParse(required(values, "role"));
    if (!role.success) throw new UsageError("--role must be admin or user");
    // The admin console's rule and audit: the last active admin is never demoted.
    const user = await changeUserRole(runtime, { email: required(values, "email"), role: role.data, actor: CLI_ACTOR });
    console.log(`${user.email} is now ${role.data}`);
  },
  "investor:upload": async (runtime, values) => {
    const slug = required(values, "document");
    if (!isInvestorDocumentSlug(slug)) {
      throw new UsageError(`--document must be one of: ${INVESTOR_DOCUMENTS.map((d) => d.slug).join(", ")}`);
    }
    const file = required(values, "file");
    const stored = await uploadInvestorDocument(runtime, {
      slug,
      fileName: path.basename(file),
      data: await readFile(file),
      uploadedBy: "cli",
    });
    console.log(`Stored ${stored.title} as ${stored.fileName} (${stored.bytes} bytes)`);
  },
  "grid:import": async (runtime, values, positionals) => {
    const file = positionals[1];
    if (!file) throw new UsageError("grid:import needs the file to import");
    const format = required(values, "format");
    if (!isOperator(format)) throw new UsageError("--format must be nged or ukpn");
    const result = await importGridFile(runtime, {
      operator: format,
      fileName: path.basename(file),
      text: await readFile(file, "utf8"),
      dataDate: typeof values.date === "string" ? values.date : undefined,
      actor: CLI_ACTOR,
      replaceMost: values["replace-most"] === true,
    });
    console.log(describeImport(result.report, result.dataDate));
  },
  "trips:import": async (runtime, values, positionals) => {
    const file = positionals[1];
    if (!file) throw new UsageError("trips:import needs the file to import");
    const depotId = Number(required(values, "depot"));
    const depot = Number.isInteger(depotId)
      ? await runtime.database.db
          .selectFrom("depots")
          .select(["user_id", "company_id"])
          .where("id", "=", depotId)
          .executeTakeFirst()
      : undefined;
    if (!depot?.company_id) throw new UsageError(`No depot ${values.depot}`);
    // A File backed by the file on disk (read as a stream when imported, not loaded here first).
    const upload = new File([await openAsBlob(file)], path.basename(file));
    const preview = await previewTrips(runtime, upload);
    const unit = values.unit === "mi" || values.unit === "km" ? values.unit : (preview.distanceUnit ?? "km");
    // The consultancy's command line acts with the company's full rights, in the name of who added the depot.
    const viewer = {
      id: depot.user_id,
      company: { id: depot.company_id, name: "", role: "owner" as const, memberId: 0 },
    };
    const summary = await importTrips(runtime, viewer, depotId, upload, {
      mapping: preview.mapping,
      distanceUnit: unit,
      anonymiseDrivers: values.anonymise === true,
      replaceVehicleIds: false,
    });
    console.log(
      `Imported ${summary.trips} trips for ${summary.vehicles} vehicles from ${summary.rowsRead} rows (distances in ${unit}).`,
    );
    for (const problem of summary.problems.slice(0, 20)) console.log(`  row ${problem.line}: ${problem.reason}`);
    if (summary.problemCount > 20) console.log(`  …and ${summary.problemCount - 20} more rows left out`);
  },
  "grid:list": async (runtime) => {
    const imports = await listGridImports(runtime);
    if (imports.length === 0) console.log("No network-capacity data imported yet.");
    for (const item of imports) {
      console.log(
        [
          item.operator,
          item.fileName,
          `data of ${item.dataDate}`,
          `${item.report.accepted} substations (${item.report.withFigures} with figures)`,
          `imported ${item.importedAt} by ${item.importedBy}`,
        ].join("\t"),
      );
    }
  },
  backup: async (runtime, values) => {
    const out = required(values, "out");
    const manifest = await createBackup(runtime, runtime.env, out);
    const { users, depots, photos, files, bytes } = manifest.counts;
    console.log(
      `Backed up ${users} users, ${depots} depots, ${photos} photos and ${files} files (${(bytes / 1024 / 1024).toFixed(1)} MB) to ${out}`,
    );
  },
  "demo:seed": async (runtime, values) => {
    const depots = Number(required(values, "depots"));
    const users = values.users === undefined ? undefined : Number(values.users);
    if (!Number.isInteger(depots) || depots < 1 || depots > 1_000_000)
      throw new UsageError("--depots must be a whole number from 1 to 1000000");
    if (users !== undefined && (!Number.isInteger(users) || users < 1 || users > 1000))
      throw new UsageError("--users must be a whole number from 1 to 1000");
    const started = performance.now();
    const result = await seedDemo(runtime, { depots, users });
    console.log(
      `Seeded ${result.depots} demo depots with ${result.photos} photo records for ${result.users} demo hauliers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  },
  "investor:list": async (runtime) => {
    for (const document of await listInvestorDocuments(runtime)) {
      console.log(
        [
          document.slug,
          document.title,
          document.available ? `${document.fileName} (${document.bytes} bytes)` : "not uploaded",
        ].join("\t"),
      );
    }
  },
};

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      admin: { type: "boolean" },
      document: { type: "string" },
      file: { type: "string" },
      depots: { type: "string" },
      users: { type: "string" },
      format: { type: "string" },
      depot: { type: "string" },
      unit: { type: "string" },
      anonymise: { type: "boolean" },
      date: { type: "string" },
      out: { type: "string" },
      from: { type: "string" },
      "data-dir": { type: "string" },
      force: { type: "boolean" },
      "replace-most": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const name = positionals[0];
  // Restore works on a data directory without opening it (opening would create a database there).
  if (name === "restore" && !values.help) {
    const manifest = await restoreBackup(required(values, "from"), required(values, "data-dir"), {
      force: values.force === true,
    });
    const { users, depots, photos, files } = manifest.counts;
    console.log(
      `Restored ${users} users, ${depots} depots, ${photos} photos and ${files} files (backup of ${manifest.createdAt}) into ${values["data-dir"]}`,
    );
    return 0;
  }
  const command = name ? commands[name] : undefined;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL }, pino.destination(2));
  const runtime = await openRuntime(env, log);
  try {
    await command(runtime, values, positionals);
    return 0;
  } finally {
    await runtime.database.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof UserError ||
      error instanceof UsageError ||
      error instanceof BackupError ||
      error instanceof EnvError
    ) {
      console.error(`Error: ${error instanceof UserError ? error.messages.join("; ") : error.message}`);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    if (error instanceof Error && "code" in error && error.code === "ENOENT") {
      console.error(`Error: no such file: ${"path" in error ? String(error.path) : ""}`);
      process.exit(1);
    }
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
