/** Asks this process's firmware keeper for a pass soon (an update asked for, a charger's word heard), if one runs. */
let nudged: (() => void) | null = null;

export function nudgeFirmware(): void {
  nudged?.();
}

/** The keeper's pass, while it runs (firmware-keeper.server.ts); answers the undo. */
export function onFirmwareNudge(pass: () => void): () => void {
  nudged = pass;
  return () => {
    if (nudged === pass) nudged = null;
  };
}
