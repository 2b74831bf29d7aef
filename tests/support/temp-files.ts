import { readdirSync } from "node:fs";
import path from "node:path";

/** Files (not folders: each serving process keeps its own, empty between requests) under $DATA_DIR/tmp. */
export function temporaryFiles(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, "tmp"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** Waits up to `timeoutMs` for every request's temporary files to go; returns those still there. */
export async function temporaryFilesLeft(dataDir: string, timeoutMs = 5_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let left = temporaryFiles(dataDir);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = temporaryFiles(dataDir);
  }
  return left;
}
