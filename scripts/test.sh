#!/usr/bin/env bash
# The whole test suite, as CI runs it: typecheck, lint, production build, unit
# tests, integration tests on SQLite and PostgreSQL, end-to-end tests in
# Chromium, then one summary line.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p tmp/reports
rm -f tmp/reports/*.json

# Each step says when it starts (seconds into the run), so a slow one shows in the log.
step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

# Typecheck and lint each keep one core busy: side by side on a 2-core machine (their output kept apart).
step "typecheck and lint"
npm run -s typecheck > tmp/reports/typecheck.log 2>&1 &
typecheck=$!
lint_rc=0
npm run -s lint > tmp/reports/lint.log 2>&1 || lint_rc=$?
typecheck_rc=0
wait "$typecheck" || typecheck_rc=$?
cat tmp/reports/typecheck.log tmp/reports/lint.log
if [ "$typecheck_rc" -ne 0 ] || [ "$lint_rc" -ne 0 ]; then
  echo "typecheck exited $typecheck_rc, lint exited $lint_rc"
  exit 1
fi
step "build"
npm run -s build >/dev/null
# The three crash tests mostly wait (for a restart, for the next kill: some 10 s of CPU in 45 s each), so they run
# side by side, each on its own port and data directory, and beside the unit tests (which keep both cores busy for
# about 90 s): some 90 s less than one after the other. Their reports are printed in order once all three end.
step "unit tests, beside the crash tests: 10 SIGKILLs under 20 clients submitting surveys (SQLite); with two serving processes; killing the serving process under the supervisor"
tsx ./scripts/crash-test.ts > tmp/reports/crash-test.txt 2>&1 &
crash_one=$!
CRASH_PROCESSES=2 tsx ./scripts/crash-test.ts > tmp/reports/crash-test-2.txt 2>&1 &
crash_two=$!
CRASH_KILL=serving tsx ./scripts/crash-test.ts > tmp/reports/crash-test-serving.txt 2>&1 &
crash_serving=$!
unit_rc=0
vitest run --project unit --reporter=default --reporter=json --outputFile.json=tmp/reports/vitest-unit.json || unit_rc=$?
crash_rc=0
wait "$crash_one" || crash_rc=1
wait "$crash_two" || crash_rc=1
wait "$crash_serving" || crash_rc=1
step "crash tests' reports"
cat tmp/reports/crash-test.txt tmp/reports/crash-test-2.txt tmp/reports/crash-test-serving.txt
[ "$unit_rc" -eq 0 ] || { echo "the unit tests failed"; exit 1; }
[ "$crash_rc" -eq 0 ] || { echo "a crash test failed"; exit 1; }
step "integration tests (SQLite and PostgreSQL)"
vitest run --project integration --reporter=default --reporter=json --outputFile.json=tmp/reports/vitest-integration.json
step "end-to-end tests (Chromium)"
bash scripts/ensure-chromium.sh
playwright test

step "summary"
node scripts/summarize-tests.js tmp/reports
