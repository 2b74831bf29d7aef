import { existsSync } from "node:fs";

/**
 * The command line that runs `command` at a lower scheduling priority through
 * `nice` from coreutils, which lowers every thread the program starts
 * (os.setPriority would only change one thread on Linux). Where `nice` is
 * missing, the command as it is, with `lowered: false`.
 */
export function atLowerPriority(
  niceness: number,
  command: string,
  args: string[],
): { command: string; args: string[]; lowered: boolean } {
  const nice = ["/usr/bin/nice", "/bin/nice"].find((file) => existsSync(file));
  return nice
    ? { command: nice, args: ["-n", String(niceness), command, ...args], lowered: true }
    : { command, args, lowered: false };
}
