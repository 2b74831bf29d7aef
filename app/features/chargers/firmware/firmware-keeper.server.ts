/**
 * Keeps firmware updates moving in this process (firmware-updates.server.ts's pass): when a charger it holds is ready,
 * when an update is asked for or a charger says how its update goes, and every 30 seconds (so an update asked for in
 * another serving process is sent within that). Passes never overlap.
 */
import type { Runtime } from "~/lib/runtime.server";

import type { OcppEndpoint } from "../ocpp-handler-types";
import { keepUp, serialPerKey } from "../upkeep";
import { firmwarePass } from "./firmware-sending.server";
import { onFirmwareNudge } from "./nudge";

const EVERY_MS = 30_000;

export function startFirmware(deps: Pick<Runtime, "database" | "env" | "log">, local: OcppEndpoint): () => void {
  const serial = serialPerKey<"firmware">(deps.log, "the firmware pass");
  // One pass queued behind the running one is enough (serialPerKey drops the rest): it reads everything afresh.
  const pass = () => serial("firmware", () => firmwarePass(deps, local));
  const stopNudges = onFirmwareNudge(pass);
  const stop = keepUp({ ready: pass, all: pass, everyMs: EVERY_MS });
  return () => {
    stop();
    stopNudges();
  };
}
