#!/usr/bin/env bash
# Regenerates catalog/*.json: installs each server of servers.json at its exact version into a scratch folder,
# starts it over stdio with dummy credentials and writes its verbatim tools/list (dump-tools.mjs).
# Needs node (>= 20) and npm with access to the npm registry. Never run by the tests; it records provenance.
# Usage: bench/tool-search/collect.sh [server-id ...]     (default: every server of servers.json)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${TS_EVAL_SCRATCH:-/tmp/ts-eval}"
mkdir -p "$root"
if [ "$#" -gt 0 ]; then ids=("$@"); else
  mapfile -t ids < <(node -e 'for (const s of require(process.argv[1])) console.log(s.server)' "$here/servers.json")
fi
# Two servers refuse to start without a live database: give them throw-away ones on 127.0.0.1 (Debian's
# redis-server and mariadb-server), started here and stopped on exit.
started=()
cleanup() { for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap cleanup EXIT
if [[ " ${ids[*]} " == *" redis "* ]] && ! (exec 3<>/dev/tcp/127.0.0.1/16379) 2>/dev/null; then
  command -v redis-server >/dev/null || { echo "redis needs redis-server (apt-get install redis-server)"; exit 1; }
  redis-server --port 16379 --bind 127.0.0.1 --save '' --appendonly no > "$root/redis.log" 2>&1 &
  started+=("$!"); sleep 1
fi
if [[ " ${ids[*]} " == *" mysql "* ]] && ! (exec 3<>/dev/tcp/127.0.0.1/13306) 2>/dev/null; then
  command -v mariadbd >/dev/null || { echo "mysql needs mariadbd (apt-get install mariadb-server)"; exit 1; }
  if [ ! -d "$root/mysql-data/mysql" ]; then
    mariadb-install-db --datadir="$root/mysql-data" --user="$(id -un)" --auth-root-authentication-method=normal \
      > "$root/mariadb-init.log" 2>&1
  fi
  mariadbd --datadir="$root/mysql-data" --port=13306 --bind-address=127.0.0.1 --socket="$root/mysql.sock" \
    --user="$(id -un)" > "$root/mariadb.log" 2>&1 &
  started+=("$!")
  for _ in $(seq 1 30); do mariadb -h127.0.0.1 -P13306 -uroot -e 'select 1' >/dev/null 2>&1 && break; sleep 1; done
  mariadb -h127.0.0.1 -P13306 -uroot -e 'create database if not exists bench'
fi
# no browser or binary downloads during install: only the tools/list is needed
export PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
failed=()
for id in "${ids[@]}"; do
  pkg="$(node -e 'const s=require(process.argv[1]).find(x=>x.server===process.argv[2]); console.log(s.package)' "$here/servers.json" "$id")"
  # "with": packages pinned beside it (a dependency whose newest version breaks the server)
  mapfile -t with < <(node -e 'const s=require(process.argv[1]).find(x=>x.server===process.argv[2]); for (const w of s.with||[]) console.log(w)' "$here/servers.json" "$id")
  dir="$root/$id"
  marker="$pkg"; for w in "${with[@]}"; do marker+=" $w"; done
  if [ ! -f "$dir/.installed" ] || [ "$(cat "$dir/.installed")" != "$marker" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    echo '{"private":true}' > "$dir/package.json"
    if ! timeout 600 npm install --prefix "$dir" --no-audit --no-fund --ignore-scripts --save-exact "$pkg" "${with[@]}" \
        > "$dir/install.log" 2>&1; then
      echo "$id: npm install $pkg failed (see $dir/install.log)"; failed+=("$id"); continue
    fi
    echo "$marker" > "$dir/.installed"
  fi
  timeout 120 node "$here/dump-tools.mjs" "$here/servers.json" "$id" "$root" "$here/catalog" || failed+=("$id")
done
if [ "${#failed[@]}" -gt 0 ]; then echo "failed: ${failed[*]}"; exit 1; fi
