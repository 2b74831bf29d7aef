#!/usr/bin/env bash
# Cold start: fresh clone → `npm ci` → `npm start` (build + start) → first
# successful /healthz, on an empty DATA_DIR. Prints the figures and writes them
# to docs/benchmarks.md. The npm cache is whatever this machine has.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
port="${BENCH_PORT:-3190}"
trap 'kill "$server_pid" ${listener:-} 2>/dev/null || true; rm -rf "$work"' EXIT
server_pid=""
listener=""

now() { date +%s.%N; }
git clone -q "$repo" "$work/app"
cd "$work/app"
t0=$(now)
npm ci --no-audit --no-fund >/dev/null 2>&1
t1=$(now)
PORT=$port DATA_DIR="$work/data" npm start >"$work/server.log" 2>&1 &
server_pid=$!
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.05
done
t2=$(now)
listener=$(ss -ltnpH "sport = :$port" | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2)
rss_kb=$(ps -o rss= -p "$listener" | tr -d ' ')
# npm does not pass signals on to its child: stop the server that listens.
kill "$listener"; wait "$server_pid" 2>/dev/null || true
while ss -ltnH "sport = :$port" | grep -q .; do sleep 0.05; done
server_pid=""
# Restart on the now-existing database: what a deploy or crash recovery costs.
t3=$(now)
NODE_ENV=production PORT=$port DATA_DIR="$work/data" node_modules/.bin/node server.js >"$work/server2.log" 2>&1 &
server_pid=$!
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.02; done
t4=$(now)

fmt() { printf '%.2f' "$(echo "$1" | bc -l)"; }
report="### Cold start (\`npm run bench:cold-start\`)

Measured $(date -u +%Y-%m-%d) on $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GB, $(node_modules/.bin/node --version); npm cache warm.

| step | seconds |
|---|---|
| \`npm ci\` on a fresh clone | $(fmt "$t1 - $t0") |
| \`npm start\`: build, migrate an empty database, first \`/healthz\` 200 | $(fmt "$t2 - $t1") |
| fresh clone → serving, total | $(fmt "$t2 - $t0") |
| restart of the built app on the existing database → serving | $(fmt "$t4 - $t3") |

Server memory after start: $((rss_kb / 1024)) MB RSS."
echo "$report"
echo "$report" | node_modules/.bin/node "$repo/scripts/write-benchmark.js" cold-start
