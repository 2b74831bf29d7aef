/**
 * The CPU-heavy work that runs in the background process (background.server.ts):
 * password hashing and photo decoding. Each takes tens of milliseconds of a
 * core; at a lower priority it only uses what page requests leave.
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { encodePhoto } from "~/features/surveys/encode-photo.server";

export const backgroundTasks = {
  hashPassword: (password: string) => hashPassword(password),
  verifyPassword: (hash: string, password: string) => verifyPassword({ hash, password }),
  encodePhoto: (filePath: string, label: string) => encodePhoto(filePath, label),
};

export type BackgroundTasks = typeof backgroundTasks;
export type BackgroundTaskName = keyof BackgroundTasks;

export type BackgroundRequest = { id: number; task: BackgroundTaskName; args: unknown[] };
export type BackgroundReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string } };
