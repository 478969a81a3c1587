#!/usr/bin/env bash
# Installs what the integration-test runner needs on a fresh Debian machine, and nothing twice:
#   - Debian packages: Chromium (the browser the workbench runs in), ripgrep, and the toolchain that
#     code-server's postinstall uses to build VS Code's native server modules;
#   - test/vscode-host/node_modules (code-server@4.100.3 = VS Code 1.100.3's server, playwright-core),
#     a link into a per-machine cache, installed only when test/vscode-host/package-lock.json or the
#     Node major version changed.
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

# The host is installed once per lockfile into a cache outside the work tree and linked in, so a
# fresh clone on the same machine (as CI uses) needs no reinstall.
install_vscode_host() {
  local lock_hash node_major cache_root install_dir link="$host_dir/node_modules"
  lock_hash="$(sha256sum "$host_dir/package-lock.json" | cut -c1-16)"
  node_major="$(node -p 'process.versions.node.split(".")[0]')"
  cache_root="${GROUNDING_VSCODE_HOST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/grounding-review/vscode-host}"
  install_dir="$cache_root/$lock_hash-node$node_major"

  if [ ! -f "$install_dir/.complete" ]; then
    seed_ripgrep_cache
    log "installing the VS Code test host (code-server@4.100.3, playwright-core) into $install_dir"
    rm -rf "$install_dir"
    mkdir -p "$install_dir"
    cp "$host_dir/package.json" "$host_dir/package-lock.json" "$install_dir/"
    (
      cd "$install_dir"
      # Root needs unsafe-perm for code-server's postinstall; node-pty's postinstall runs `npx node-gyp`.
      export npm_config_unsafe_perm=true npm_config_yes=true npm_config_jobs=max
      npm_config_nodedir="$(node_headers_prefix)"
      export npm_config_nodedir
      npm ci --no-audit --no-fund --loglevel=error
    )
    [ -f "$install_dir/node_modules/code-server/lib/vscode/out/server-main.js" ] || die "code-server installed without VS Code's server"
    touch "$install_dir/.complete"
    # Older lockfiles' installs are no longer needed.
    find "$cache_root" -mindepth 1 -maxdepth 1 -type d ! -path "$install_dir" -exec rm -rf {} +
  fi

  if [ "$(readlink "$link" 2>/dev/null)" != "$install_dir/node_modules" ]; then
    rm -rf "$link"
    ln -s "$install_dir/node_modules" "$link"
  fi
  log "VS Code test host ready ($install_dir)"
}

main() {
  local started=$SECONDS
  install_apt_packages
  install_vscode_host
  log "ready in $((SECONDS - started)) s"
}

main "$@"
