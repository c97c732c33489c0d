#!/bin/bash
# The web console's figures: the bundle's size (gzip, as served), how fast the server answers the
# console's list calls with 10,000 configs and 10,000 services, and the time from opening
# /nacos/configs in a new browser tab to its first page of configs on screen (Debian's chromium,
# driven by the Playwright of tests/console-tests/e2e; run `npm ci` there first).
#   bench/console.sh            (needs: mvn -B -DskipTests package)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
BENCH_JAR="$ROOT_DIR/bench/grpc-bench/target/grpc-bench.jar"
E2E="$ROOT_DIR/tests/console-tests/e2e"
HOLD_PID=""
trap 'kill $HOLD_PID 2>/dev/null || true; stop_server' EXIT

echo "== the bundle, as served (gzip -9 of each built file)"
total=0
for file in "$ROOT_DIR"/nacos-console/target/classes/console-ui/index.html "$ROOT_DIR"/nacos-console/target/classes/console-ui/assets/*; do
    size=$(gzip -9 -c "$file" | wc -c)
    total=$((total + size))
    printf '  %-40s %7d bytes raw, %7d gzip\n' "$(basename "$file")" "$(wc -c < "$file")" "$size"
done
echo "  all files: $total bytes gzip"

start_server ours
echo "== seeding 10,000 configs and 10,000 services ($(load_line))"
java -jar "$BENCH_JAR" query --port $((PORT + 1000)) --configs 10000 --size 256 --connections 1 --inflight 64 \
    --warmup 0 --seconds 1 --server-pid "$SERVER_PID" > /dev/null
java -jar "$BENCH_JAR" naming-hold --port $((PORT + 1000)) --connections 1 --services 10000 --hold 3600 \
    --server-pid "$SERVER_PID" > "$OUT_DIR/console-hold.txt" 2>&1 &
HOLD_PID=$!
until grep -q "^holding" "$OUT_DIR/console-hold.txt" 2>/dev/null; do sleep 1; done

# time_call LABEL URL: the server's answer time (curl's time_total) over 20 calls after 5 warm-ups.
time_call() {
    local label=$1 url=$2
    for _ in 1 2 3 4 5; do curl -s -o /dev/null "$url"; done
    for _ in $(seq 20); do curl -s -o /dev/null -w '%{time_total}\n' "$url"; done | sort -n \
        | awk -v label="$label" '{t[NR]=$1*1000} END {printf "  %-58s median %6.1f ms, max %6.1f ms\n", label, t[int(NR/2)+1], t[NR]}'
}
BASE="http://127.0.0.1:$PORT/nacos"
echo "== the console's list calls, 10,000 of each ($(load_line))"
time_call "configs, first page of 20 (fuzzy, no filter)" "$BASE/v1/cs/configs?search=blur&dataId=&group=&tenant=&pageNo=1&pageSize=20"
time_call "configs, page 500 of 20" "$BASE/v1/cs/configs?search=blur&dataId=&group=&tenant=&pageNo=500&pageSize=20"
time_call "configs, fuzzy dataId *999* (10 match)" "$BASE/v1/cs/configs?search=blur&dataId=*999*&group=&tenant=&pageNo=1&pageSize=20"
time_call "configs, exact dataId (1 match)" "$BASE/v1/cs/configs?search=accurate&dataId=grpc-bench-4242&group=BENCH&tenant=&pageNo=1&pageSize=20"
time_call "services, first page of 20" "$BASE/v1/ns/catalog/services?hasIpCount=true&withInstances=false&namespaceId=&pageNo=1&pageSize=20"
time_call "services, page 500 of 20" "$BASE/v1/ns/catalog/services?hasIpCount=true&withInstances=false&namespaceId=&pageNo=500&pageSize=20"
time_call "services, name search 999" "$BASE/v1/ns/catalog/services?hasIpCount=true&withInstances=false&namespaceId=&serviceNameParam=999&pageNo=1&pageSize=20"
time_call "namespaces (with config counts)" "$BASE/v1/console/namespaces"

echo "== opening /nacos/configs in a new tab until its first page is on screen ($(load_line))"
CHROMIUM=$(bash "$ROOT_DIR/tests/scripts/chromium.sh") NACOS_URL="$BASE" node --input-type=module -e "
import { chromium } from '$E2E/node_modules/playwright-core/index.mjs';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--no-sandbox'] });
const times = [];
for (let run = 0; run < 7; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(process.env.NACOS_URL + '/configs');
  await page.getByText('bench-', { exact: false }).first().waitFor();
  times.push(Date.now() - start);
  await context.close();
}
await browser.close();
const sorted = [...times].sort((a, b) => a - b);
console.log('  each run (ms): ' + times.join(', ') + '; median ' + sorted[3] + ' ms (the first run is a cold browser)');
"
echo "server RSS $(rss_mb) MB"
