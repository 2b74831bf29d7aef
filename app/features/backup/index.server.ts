export { BackupError, createBackup, restoreBackup } from "./backup.server";
