/**
 * Backing up and restoring the embedded database, the auth secret and every uploaded file.
 * What other features, routes, the CLI, scripts and tests may use on the server; every other file here is the
 * feature's own (decision 045).
 */
export { BackupError, createBackup, restoreBackup } from "./backup.server";
