#!/usr/bin/env bash
# Installs what the integration-test runner needs on a fresh Debian machine, and nothing twice:
#   - Debian packages: Chromium (the browser the workbench runs in), ripgrep, and the toolchain that
#     code-server's postinstall uses to build VS Code's native server modules;
#   - test/vscode-host/node_modules (code-server@4.100.3 = VS Code 1.100.3's server, playwright-core),
#     reinstalled only when test/vscode-host/package-lock.json or the Node major version changed.
# Offline-safe: the npm workarounds below keep code-server's install from reaching anything but the
# npm registry (see shared spec "real-vscode-tests").
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
host_dir="$root/test/vscode-host"
apt_packages=(chromium ripgrep libkrb5-dev build-essential python3 pkg-config)

log() { printf '[setup-integration] %s\n' "$*"; }
die() { printf '[setup-integration] error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else die "need root (or sudo) to run: $*"
  fi
}

install_apt_packages() {
  local missing=() pkg
  for pkg in "${apt_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    log "apt packages present"
    return
  fi
  command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get: install them by hand"
  log "installing apt packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# @vscode/ripgrep (pinned 1.15.11 by VS Code's shrinkwrap) downloads rg from GitHub unless its
# cache already holds the release asset; Debian's rg stands in for it.
seed_ripgrep_cache() {
  [ "$(uname -m)" = x86_64 ] || { log "not x86_64: leaving @vscode/ripgrep to fetch its own rg"; return; }
  local cache_dir tarball staging
  cache_dir="$(node -p 'require("os").tmpdir()')/vscode-ripgrep-cache-1.15.11"
  tarball="$cache_dir/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz"
  [ -s "$tarball" ] && return
  local rg_path
  rg_path="$(command -v rg)" || die "rg not found after installing ripgrep"
  mkdir -p "$cache_dir"
  staging="$(mktemp -d)"
  cp "$rg_path" "$staging/rg"
  tar -czf "$tarball.partial" -C "$staging" rg
  mv "$tarball.partial" "$tarball"
  rm -rf "$staging"
  log "seeded ripgrep cache at $tarball"
}

# Finds a prefix whose include/node/node.h matches the running Node, so node-gyp never tries to
# download headers.
node_headers_prefix() {
  local prefix
  for prefix in "${npm_config_nodedir:-}" "$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")" /usr /usr/local; do
    if [ -n "$prefix" ] && [ -f "$prefix/include/node/node.h" ]; then
      echo "$prefix"
      return
    fi
  done
  die "Node headers (include/node/node.h) not found; install them or set npm_config_nodedir"
}

install_vscode_host() {
  local stamp_file="$host_dir/node_modules/.grounding-setup-stamp" stamp
  stamp="$(sha256sum "$host_dir/package-lock.json" | cut -d' ' -f1) node-$(node -p 'process.versions.node.split(".")[0]')"
  if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$stamp" ] \
    && [ -f "$host_dir/node_modules/code-server/lib/vscode/out/server-main.js" ]; then
    log "VS Code test host up to date"
    return
  fi
  seed_ripgrep_cache
  log "installing the VS Code test host (code-server@4.100.3, playwright-core) in test/vscode-host"
  (
    cd "$host_dir"
    # Root needs unsafe-perm for code-server's postinstall; node-pty's postinstall runs `npx node-gyp`.
    export npm_config_unsafe_perm=true npm_config_yes=true
    npm_config_nodedir="$(node_headers_prefix)"
    export npm_config_nodedir
    npm ci --no-audit --no-fund --loglevel=error
  )
  echo "$stamp" >"$stamp_file"
}

main() {
  local started=$SECONDS
  install_apt_packages
  install_vscode_host
  log "ready in $((SECONDS - started)) s"
}

main "$@"
