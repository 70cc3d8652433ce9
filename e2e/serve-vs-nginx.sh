#!/usr/bin/env bash
# Requests per second of `magazine serve` against Debian's nginx on the same
# built site: a story page and the entry script, 50 connections over
# loopback with Accept-Encoding: gzip (wrk). Both serve one copy of dist/
# with a precompressed x.gz beside each compressible file (nginx's
# gzip_static; magazine serve uses them too) and send the same headers.
# Prints the median of RUNS runs for each and the ratio, and fails when
# serve's median on the page is below nginx's times BUDGET: net/http answers
# at about half nginx's rate; a third means the in-memory files were lost.
#
#   e2e/serve-vs-nginx.sh            # RUNS=5 DURATION=5s BUDGET=0.35
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
DURATION=${DURATION:-5s}
CONNECTIONS=${CONNECTIONS:-50}
BUDGET=${BUDGET:-0.35}
PAGE=${PAGE:-/rbi-policy/}
MAGAZINE=${MAGAZINE:-bin/magazine} # another build of the CLI, to compare versions

for tool in nginx wrk python3 gzip; do
  command -v "$tool" >/dev/null || { echo "serve-vs-nginx: $tool is not installed (apt-get install $tool)" >&2; exit 2; }
done

make --no-print-directory build >/dev/null

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

site="$tmp/dist"
cp -a dist "$site"
find "$site" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.json' -o -name '*.svg' -o -name '*.xml' -o -name '*.txt' \) \
  -size +511c -exec gzip -k -9 {} +
asset=$(cd "$site" && ls assets/entry-client-*.js | head -1)

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_port() {
  for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "serve-vs-nginx: nothing listens on port $1" >&2; exit 1
}

# The site's own headers, as dist/_headers gives them, for nginx to send too.
csp=$(sed -n 's/^  Content-Security-Policy: //p' "$site/_headers")

serve_port=$(free_port)
"$MAGAZINE" serve --dir "$site" --data "$tmp/data" --addr "127.0.0.1:$serve_port" >"$tmp/serve.log" 2>&1 &
pids+=($!)

nginx_port=$(free_port)
mkdir -p "$tmp/nginx"
user=""
[ "$(id -u)" = 0 ] && user="user root root;"
cat >"$tmp/nginx/nginx.conf" <<CONF
$user
daemon off;
worker_processes auto;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path $tmp/nginx/body;
  proxy_temp_path $tmp/nginx/proxy;
  fastcgi_temp_path $tmp/nginx/fastcgi;
  uwsgi_temp_path $tmp/nginx/uwsgi;
  scgi_temp_path $tmp/nginx/scgi;
  map \$uri \$nivaran_cache {
    ~^/(assets|images)/  "public, max-age=31536000, immutable";
    default              "public, max-age=0, must-revalidate";
  }
  server {
    listen 127.0.0.1:$nginx_port;
    root $site;
    index index.html;
    error_page 404 /404.html;
    gzip on;
    gzip_vary on;
    gzip_static on;
    gzip_types text/css text/javascript application/javascript application/json image/svg+xml application/xml text/plain;
    add_header X-Content-Type-Options nosniff always;
    add_header Referrer-Policy strict-origin-when-cross-origin always;
    add_header Content-Security-Policy "$csp" always;
    add_header Cache-Control \$nivaran_cache always;
  }
}
CONF
nginx -p "$tmp/nginx" -e "$tmp/nginx/error.log" -c "$tmp/nginx/nginx.conf" &
pids+=($!)
wait_port "$serve_port"
wait_port "$nginx_port"

# Both answer the same bytes for the page.
for port in "$serve_port" "$nginx_port"; do
  enc=$(curl -s -o /dev/null -D - -H 'Accept-Encoding: gzip' "http://127.0.0.1:$port$PAGE" | tr -d '\r' | sed -n 's/^[Cc]ontent-[Ee]ncoding: //p')
  [ "$enc" = gzip ] || { echo "serve-vs-nginx: port $port does not send $PAGE gzipped" >&2; exit 1; }
done

rps() { # url -> requests/s
  wrk -t2 -c"$CONNECTIONS" -d"$DURATION" -H 'Accept-Encoding: gzip' "$1" | awk '/^Requests\/sec:/ { print $2 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

status=0
for path in "$PAGE" "/$asset"; do
  : >"$tmp/serve.rps"; : >"$tmp/nginx.rps"
  rps "http://127.0.0.1:$serve_port$path" >/dev/null # warm both
  rps "http://127.0.0.1:$nginx_port$path" >/dev/null
  for _ in $(seq "$RUNS"); do # alternate, so a busy moment hits both
    rps "http://127.0.0.1:$serve_port$path" >>"$tmp/serve.rps"
    rps "http://127.0.0.1:$nginx_port$path" >>"$tmp/nginx.rps"
  done
  s=$(median <"$tmp/serve.rps"); n=$(median <"$tmp/nginx.rps")
  ratio=$(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.2f", s / n }')
  printf '%-40s magazine serve %9.0f req/s   nginx %9.0f req/s   ratio %s   (medians of %s runs of %s)\n' "$path" "$s" "$n" "$ratio" "$RUNS" "$DURATION"
  if [ "$path" = "$PAGE" ] && awk -v r="$ratio" -v b="$BUDGET" 'BEGIN { exit !(r < b) }'; then
    echo "serve-vs-nginx: magazine serve answers $PAGE at $ratio x nginx's rate, below the budget of $BUDGET" >&2
    status=1
  fi
done
exit $status
