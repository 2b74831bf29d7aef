// Preloaded into the server's processes by bench:ocpp (node --import): each serving process (a cluster worker)
// records the times its event loop did not turn for STALL_MS or more, the load's longest waits, and writes them to
// BENCH_STALLS_DIR/<pid>.json as it exits. A timer that should fire every TICK_MS measures it: a late tick is a loop
// held by work (a burst of synchronous queries, a long computation), whatever it was.
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";

const dir = process.env.BENCH_STALLS_DIR;
if (dir && cluster.isWorker) {
  const TICK_MS = 20;
  const STALL_MS = 150;
  const stalls = [];
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    if (now - last >= STALL_MS) stalls.push({ at: Date.now(), ms: Math.round(now - last - TICK_MS) });
    last = now;
  }, TICK_MS);
  tick.unref();
  const write = () => fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(stalls));
  process.on("exit", write);
  // The supervisor stops its workers with SIGTERM; the server's own handler ends the process, and "exit" writes.
  const flush = setInterval(write, 5_000);
  flush.unref();
}
