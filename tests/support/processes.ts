import { readdirSync, readFileSync } from "node:fs";

/** Process ids whose parent is `parent` (Linux /proc). */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return children;
}

/** The serving processes under a supervisor (`node server.js`): its children that run server.js. */
export function servingProcesses(supervisor: number): number[] {
  return childrenOf(supervisor).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.js");
    } catch {
      return false;
    }
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
