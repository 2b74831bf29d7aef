/**
 * The CPU-heavy work that runs in the background process (background.server.ts):
 * password hashing and photo decoding. Each takes tens of milliseconds of a
 * core; at a lower priority it only uses what page requests leave.
 */
import { hashPassword, verifyPassword } from "better-auth/crypto";

import { GridImportError, parseGridFile } from "~/features/grid/importers";
import { renderDepotReport } from "~/features/planning/report/report-document.server";
import { encodePhoto, PhotoError } from "~/features/surveys/encode-photo.server";

export const backgroundTasks = {
  hashPassword: (password: string) => hashPassword(password),
  verifyPassword: (hash: string, password: string) => verifyPassword({ hash, password }),
  encodePhoto: (filePath: string, label: string) => encodePhoto(filePath, label),
  /** A network operator's file (up to 25 MB, 20,000 substations). */
  parseGridFile: async (operator: Parameters<typeof parseGridFile>[0], text: string) => parseGridFile(operator, text),
  /** A depot's charging-plan report (PDF), from data already checked to be the viewer's. */
  // Photos cross the process boundary as Uint8Arrays (structured clone); the PDF renderer wants Buffers.
  renderDepotReport: (report: Parameters<typeof renderDepotReport>[0]) =>
    renderDepotReport({
      ...report,
      photos: report.photos.map((photo) => ({ ...photo, data: Buffer.from(photo.data) })),
    }),
};

/**
 * Errors whose message is for the user. They cross the process boundary as a
 * name and a message; the server turns them back into these classes, so a
 * caller catches them the same way whether the task ran here or there.
 */
export const backgroundErrors: Record<string, new (message: string) => Error> = { PhotoError, GridImportError };

export type BackgroundTasks = typeof backgroundTasks;
export type BackgroundTaskName = keyof BackgroundTasks;

export type BackgroundRequest = { id: number; task: BackgroundTaskName; args: unknown[] };
export type BackgroundReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string } };
