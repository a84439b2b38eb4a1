#!/usr/bin/env bash
# The whole test suite: services, build, type check, then every vitest project (unit, SQLite, PostgreSQL,
# console, browser). Ends with the line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-services.sh || { echo "0 passed, 1 failed"; exit 1; }
npm run build --silent || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }
npm run typecheck --silent || { echo "type check failed"; echo "0 passed, 1 failed"; exit 1; }
rm -f .vitest-report.json
rc=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.vitest-report.json "$@" || rc=$?
if [ -f .vitest-report.json ]; then
  node -e '
    const r = require("./.vitest-report.json");
    const failedSuites = r.testResults.filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed")).length;
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests + failedSuites} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));'
else
  echo "0 passed, 1 failed"
  rc=1
fi
exit $rc
