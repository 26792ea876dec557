#!/usr/bin/env bash
# Self-test of the real-VS-Code harness (scripts/vscode-host): installs the host if needed,
# then runs the smoke fixture four ways and checks each exit code, including a negative
# control that must fail (so a broken harness cannot pass silently).
# Screenshots/logs go to $HPL_ARTIFACTS (default: a temporary folder, printed at the end).
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
S="$ROOT/test/vscode/smoke"
RUN=(node "$ROOT/scripts/vscode-host/run.js" --quiet --timeout-ms 240000)
ART="${HPL_ARTIFACTS:-$(mktemp -d -t hpl-host-smoke-XXXXXX)}"
VSCE_VERSION=3.9.2   # vsce 4 needs Node >= 22; the system Node is 20
passed=0 failed=0

bash scripts/vscode-host/install.sh || { echo "smoke: install.sh failed"; echo "smoke: 0 passed, 1 failed"; exit 1; }

check() { # name, expected ("0" or "nonzero"), command...
  local name=$1 want=$2; shift 2
  echo "=== smoke: $name (expect exit $want)"
  "$@"; local rc=$?
  if [[ $want == 0 && $rc == 0 ]] || [[ $want == nonzero && $rc != 0 && $rc != 2 && $rc != 3 && $rc != 4 ]]; then
    echo "=== smoke: $name ok (exit $rc)"; passed=$((passed + 1))
  else
    echo "=== smoke: $name FAILED (exit $rc, expected $want)"; failed=$((failed + 1))
  fi
}

check "extension tests (plain run())" 0 "${RUN[@]}" --extension "$S" --tests "$S/index.js" --workspace "$S/workspace" --screenshot-dir "$ART/tests"
# Exit 1 from the failing assertion, not 2/3/4 (usage, host, timeout), counts as the expected failure.
check "negative control (failing assertion)" nonzero "${RUN[@]}" --extension "$S" --tests "$S/failing-index.js" --workspace "$S/workspace"
check "mocha suite, .code-workspace" 0 "${RUN[@]}" --extension "$S" --tests "$S/mocha-index.js" --workspace "$S/smoke.code-workspace"

VSIX="$ART/hpl-smoke.vsix"
if (cd "$S" && npx --yes "@vscode/vsce@$VSCE_VERSION" package --no-dependencies --skip-license \
      --allow-missing-repository --out "$VSIX" >"$ART/vsce.log" 2>&1); then
  check "packaged UI (--install-vsix)" 0 "${RUN[@]}" --install-vsix "$VSIX" --workspace "$S/workspace" --ui-script "$S/ui.js" --screenshot-dir "$ART/ui"
else
  cat "$ART/vsce.log"; echo "=== smoke: vsce package FAILED"; failed=$((failed + 1))
fi

echo "artifacts: $ART"
echo "smoke: $passed passed, $failed failed"
[[ $failed == 0 ]]
