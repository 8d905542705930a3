#!/usr/bin/env bash
# make bench: build shopd and the bench tools, seed (or reuse) the bench catalogue, start shopd
# on a free loopback port, measure its start-up and memory, drive load at every catalogue read,
# and report the storefront's initial JS and CSS. Writes bench/tmp/results.json (ignored) and,
# with RECORD=1, copies it to the tracked bench/results.json; exits non-zero when a budget
# fails. See bench/README.md.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TMP=$ROOT/bench/tmp
BIN=$TMP/bin
GO=${GO:-go}
# api/go.mod names the Go release the shop builds with; auto lets the go command fetch it when
# this machine's Go is older and set to stay local (make sets the release itself).
export GOTOOLCHAIN=${GOTOOLCHAIN:-auto}
NPM=${NPM:-npm}
DURATION=${BENCH_DURATION:-8s}
CONNS=${BENCH_CONNS:-64}
ONLY=${BENCH_ONLY:-}
OUT=${BENCH_OUT:-$TMP/results.json}
RECORDED=$ROOT/bench/results.json
mkdir -p "$BIN"

echo "== build"
(cd "$ROOT/api" && $GO build -o "$BIN/shopd" ./cmd/shopd && $GO build -o "$BIN/shopload" ./cmd/shopload \
  && $GO build -o "$BIN/benchseed" ./cmd/benchseed)

echo "== client (vite build)"
js_gz=-1 css_gz=-1
if [[ ${BENCH_SKIP_CLIENT:-} != 1 ]]; then
  (cd "$ROOT" && make -s client-deps >/dev/null && cd client && $NPM run build >"$TMP/vite-build.log" 2>&1) \
    || { cat "$TMP/vite-build.log"; exit 1; }
  # The storefront's first download, measured as the browser suite holds it to its budget.
  # Each file goes to stderr, the two totals to stdout.
  read -r js_gz css_gz < <(cd "$ROOT/client" && node e2e/first-download.js dist)
  echo "  initial JS $js_gz bytes gzip, initial CSS $css_gz bytes gzip (budget: JS < 150000)"
fi

echo "== seed"
version=$("$BIN/benchseed" -version)
DATA=$TMP/data
if [[ -f $DATA/bench-seed.json ]] && grep -q "\"version\":$version," "$DATA/bench-seed.json"; then
  echo "  reusing the seeded catalogue in $DATA (seed version $version)"
else
  rm -rf "$DATA"
  s=$(date +%s%N)
  "$BIN/benchseed" -data "$DATA"
  echo "  seeded in $(( ($(date +%s%N) - s) / 1000000 )) ms"
fi

pid=
stop() { if [[ -n $pid ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; fi; }
trap stop EXIT

# start DATA_DIR [NAME=VALUE...]: starts shopd without the demo catalogue, with the extra
# environment given; sets pid, port, metrics_port and startup_ms.
start() {
  port=$("$BIN/shopload" -free-port)
  metrics_port=$("$BIN/shopload" -free-port)
  local s=$(date +%s%N) dir=$1
  shift
  env DATA_DIR="$dir" PORT=$port SEED_DEMO=false LOG_LEVEL=${BENCH_LOG_LEVEL:-warn} CLIENT_DIST=$ROOT/client/dist \
    METRICS_ADDR=127.0.0.1:$metrics_port "$@" "$BIN/shopd" >"$TMP/shopd.log" 2>&1 &
  pid=$!
  until curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do
    kill -0 "$pid" 2>/dev/null || { cat "$TMP/shopd.log"; echo "shopd exited"; exit 1; }
    if (( $(date +%s%N) - s > ${BENCH_START_TIMEOUT_S:-180} * 1000000000 )); then
      echo "shopd did not answer within ${BENCH_START_TIMEOUT_S:-180} s"; exit 1
    fi
    sleep 0.02
  done
  startup_ms=$(( ($(date +%s%N) - s) / 1000000 ))
}
# settle: waits until the shopd just started has done the work it begins at start beside the
# traffic (warming the photo cache: about 6 s of both cores with the bench's 200 photos), so
# the load measures the shop as it runs, not its start.
settle() {
  local s=$(date +%s%N)
  until curl -sf "http://127.0.0.1:$metrics_port/metrics" | grep -qx 'shop_startup_work_running 0'; do
    if (( $(date +%s%N) - s > 120 * 1000000000 )); then echo "shopd's start-up work still runs after 120 s"; exit 1; fi
    sleep 0.1
  done
  echo "  start-up work done $(( ($(date +%s%N) - s) / 1000000 )) ms after /healthz"
}
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }

echo "== shopd with an empty catalogue (memory baseline)"
empty=$(mktemp -d "$TMP/empty.XXXXXX")
start "$empty"
empty_rss=$(rss_kb "$pid")
echo "  up in $startup_ms ms, RSS $empty_rss KiB"
stop
rm -rf "$empty"

rc=0
rm -f "$OUT"
if [[ ${BENCH_SKIP_CATALOGUE:-} != 1 ]]; then
  # First a start without the snapshots shopd keeps in DATA_DIR (it reads every product, and
  # writes the snapshot when it stops), then a restart that reads the snapshot: the budget.
  echo "== shopd with the bench catalogue, no snapshot"
  rm -f "$DATA/catalogue.snapshot" "$DATA/orderindex.snapshot"
  start "$DATA"
  cold_ms=$startup_ms
  echo "  up in $cold_ms ms (reads every product), RSS $(rss_kb "$pid") KiB"
  stop
  model_heap_kb=$("$BIN/benchseed" -data "$DATA" -model-memory)
  echo "  the read model holds $model_heap_kb KiB of heap"

  echo "== shopd with the bench catalogue, restarted"
  start "$DATA"
  echo "  up in $startup_ms ms (process start to /healthz OK), RSS $(rss_kb "$pid") KiB"
  settle

  echo "== load: $CONNS connections, $DURATION per endpoint"
  set +e
  "$BIN/shopload" -base "http://127.0.0.1:$port" -duration "$DURATION" -conns "$CONNS" -only "$ONLY" \
    -pid "$pid" -startup-ms "$startup_ms" -startup-cold-ms "$cold_ms" -empty-rss-kb "$empty_rss" \
    -model-heap-kb "$model_heap_kb" -client-js-gzip "$js_gz" -client-css-gzip "$css_gz" -out "$OUT"
  rc=$?
  set -e
  stop
fi

# The order lists at 100,000 orders: the admin's first and middle pages (3 a page) and a
# shopper's first page, at 16 connections; and shopd's start-up over them, without the order
# index snapshot (reading every order) and restarted with it. BENCH_SKIP_ORDERS=1 leaves them out.
if [[ ${BENCH_SKIP_ORDERS:-} != 1 ]]; then
  echo "== orders: seed (or reuse) ${BENCH_ORDERS:-100000} orders"
  ODATA=$TMP/orders
  if [[ -f $ODATA/bench-orders.json ]] && grep -q "\"version\":$version,\"orders\":${BENCH_ORDERS:-100000}," "$ODATA/bench-orders.json"; then
    echo "  reusing the seeded orders in $ODATA"
  else
    rm -rf "$ODATA"
    s=$(date +%s%N)
    "$BIN/benchseed" -data "$ODATA" -orders "${BENCH_ORDERS:-100000}"
    echo "  seeded in $(( ($(date +%s%N) - s) / 1000000 )) ms"
  fi
  rm -f "$ODATA/catalogue.snapshot" "$ODATA/orderindex.snapshot"
  start "$ODATA"
  ocold_ms=$startup_ms
  echo "  up in $ocold_ms ms without the order index snapshot (reads every order)"
  stop
  start "$ODATA"
  echo "  restarted in $startup_ms ms (reads the order index snapshot), RSS $(rss_kb "$pid") KiB"
  set +e
  "$BIN/shopload" -base "http://127.0.0.1:$port" -orders -duration "$DURATION" -conns 16 -pid "$pid" \
    -startup-ms "$startup_ms" -startup-cold-ms "$ocold_ms" -into "$OUT"
  orc=$?
  set -e
  stop
  if (( rc == 0 )); then rc=$orc; fi
fi

# Buying (BENCH_SKIP_SALES=1 leaves it out): on a copy of the bench catalogue, so the orders
# and stock it moves never reach the other runs. A second shopd shares the first one's store
# (its socket in DATA_DIR/store) to time when it sees a sale; it starts once the other parts
# are measured, so they measure one shopd alone (the second one's polls and reloads run in
# the first one's store).
if [[ ${BENCH_SKIP_SALES:-} != 1 ]]; then
  echo "== sales: checkout, reads during sales, a second shopd, admin writes"
  SDATA=$TMP/sales
  rm -rf "$SDATA" "$TMP/sales-peer"
  cp -a "$DATA" "$SDATA"
  start "$SDATA" ADMIN_EMAIL=bench-admin@shop.test ADMIN_PASSWORD=bench-admin-123
  main_pid=$pid main_port=$port
  settle
  parts=${BENCH_SALES_ONLY:-checkout,reads,admin,peer}
  alone=$(tr ',' '\n' <<<"$parts" | grep -vx peer | paste -sd, -)
  sales() {
    "$BIN/shopload" -sales -base "http://127.0.0.1:$main_port" -pid "$main_pid" -duration "$DURATION" \
      -admin-email bench-admin@shop.test -admin-password bench-admin-123 -out "$OUT" "$@"
  }
  src=0
  set +e
  if [[ -n $alone ]]; then
    echo "  shopd on 127.0.0.1:$main_port"
    sales -only "$alone"
    src=$?
  fi
  set -e
  cp "$TMP/shopd.log" "$TMP/shopd-sales.log"
  if [[ ,$parts, == *,peer,* ]]; then
    socket=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$SDATA/store/store.sock")
    mkdir -p "$TMP/sales-peer"
    start "$TMP/sales-peer" MONGO_URI="mongodb://$socket/" JWT_SECRET=bench-peer-secret-of-at-least-32-chars
    echo "  a second shopd on its store at 127.0.0.1:$port"
    set +e
    sales -only peer -peer "http://127.0.0.1:$port"
    prc=$?
    set -e
    stop
    if (( src == 0 )); then src=$prc; fi
  fi
  pid=$main_pid
  stop
  if (( rc == 0 )); then rc=$src; fi
fi

# Start-up at 100,000 products (BENCH_SKIP_BIG=1 leaves it out): seeded once without photos,
# started without the read model's snapshot (reported), stopped (it keeps its snapshot),
# started again from the snapshot (budget).
if [[ ${BENCH_SKIP_BIG:-} != 1 ]]; then
  BIG=${BENCH_BIG_PRODUCTS:-100000}
  BDATA=$TMP/big
  echo "== start-up at $BIG products"
  if [[ -f $BDATA/bench-seed.json ]] && grep -q "\"version\":$version,.*\"products\":$BIG," "$BDATA/bench-seed.json"; then
    echo "  reusing the seeded catalogue in $BDATA"
  else
    rm -rf "$BDATA"
    s=$(date +%s%N)
    "$BIN/benchseed" -data "$BDATA" -products "$BIG" -photos 0
    echo "  seeded in $(( ($(date +%s%N) - s) / 1000000 )) ms"
  fi
  rm -f "$BDATA/catalogue.snapshot" "$BDATA/orderindex.snapshot"
  start "$BDATA"
  cold_ms=$startup_ms
  echo "  without a snapshot: up in $cold_ms ms"
  stop
  start "$BDATA"
  echo "  from the snapshot: up in $startup_ms ms"
  stop
  set +e
  "$BIN/shopload" -big-startup -products "$BIG" -startup-cold-ms "$cold_ms" -startup-ms "$startup_ms" -out "$OUT"
  brc=$?
  set -e
  if (( rc == 0 )); then rc=$brc; fi
fi

if [[ ${RECORD:-} == 1 ]]; then
  cp "$OUT" "$RECORDED"
  echo "results recorded in $RECORDED"
else
  echo "results in $OUT (make bench RECORD=1 records them in bench/results.json)"
fi
exit $rc
