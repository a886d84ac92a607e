#!/usr/bin/env bash
# Issue 30's proof, not part of `npm test`: docs/operations.md's "without containers" commands run as written,
# from an installed folder (a fresh clone built, `npm ci --omit=dev …`, a filled .env): migrate, two instances
# serving visitors and one worker on PostgreSQL and Redis, nginx in front (ops/nginx/nginx.conf with the
# instances' addresses), a stand-in buyer (scripts/proof-buyer.mjs); then /readyz on each instance, a lead
# posted through the proxy, and its delivery job read from the database. Stops everything it started.
#
#   scripts/proof-fleet.sh INSTALLED_FOLDER DATABASE_URL REDIS_URL [FIRST_PORT=3421] [PROXY_PORT=8090] [BUYER_PORT=3429]
#
# The folder's .env names BUYERS_FILE with a buyer posting to http://127.0.0.1:BUYER_PORT/… and
# BUYER_TARGET_ALLOWED_HOSTS=127.0.0.1. Needs nginx, psql and curl; nginx runs as root.
set -euo pipefail
dir=$(cd "$1" && pwd)
database_url=$2
redis_url=$3
port=${4:-3421}
proxy_port=${5:-8090}
buyer_port=${6:-3429}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
pids=()
stop() {
  [ -f "$work/nginx.conf" ] && nginx -c "$work/nginx.conf" -s quit 2>/dev/null || true
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  echo "logs in $work"
}
trap stop EXIT

cd "$dir"
set -a
# shellcheck disable=SC1091
. ./.env
set +a
export NODE_ENV=production DATABASE_URL=$database_url REDIS_URL=$redis_url TRUST_PROXY=127.0.0.1 HOST=127.0.0.1

node "$here/proof-buyer.mjs" "$buyer_port" >"$work/buyer.log" 2>&1 &
pids+=($!)
npm run -s migrate
PORT=$port DELIVERY_WORKER=off node apps/server/dist/main.js >"$work/app1.log" 2>&1 &
pids+=($!)
PORT=$((port + 1)) DELIVERY_WORKER=off node apps/server/dist/main.js >"$work/app2.log" 2>&1 &
pids+=($!)
PORT=$((port + 2)) DELIVERY_WORKER=on node apps/server/dist/main.js >"$work/worker.log" 2>&1 &
pids+=($!)
sed -e "s/server app1:3000/server 127.0.0.1:$port/; s/server app2:3000/server 127.0.0.1:$((port + 1))/" \
  -e "s/listen 80;/listen $proxy_port;/" -e "s|^worker_processes auto;|worker_processes auto;\npid $work/nginx.pid;|" \
  ops/nginx/nginx.conf >"$work/nginx.conf"
nginx -c "$work/nginx.conf"

for p in $port $((port + 1)) $((port + 2)); do
  for _ in $(seq 1 120); do
    curl -sf "http://127.0.0.1:$p/readyz" >"$work/ready-$p.json" && break
    sleep 0.5
  done
  echo ":$p/readyz $(cat "$work/ready-$p.json")"
done
echo "proxy :$proxy_port/readyz: HTTP $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$proxy_port/readyz") (hidden)"
echo "proxy :$proxy_port/survey: HTTP $(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$proxy_port/survey")"

lead_id=$(node -e 'console.log(crypto.randomUUID())')
base="http://127.0.0.1:$proxy_port"
body=$(node -e '
const [id, base] = process.argv.slice(1);
console.log(JSON.stringify({
  lead_id: id, variant: "extended", language: "en", accident_type: "car", case_worth_known: "I Think So",
  injury_year: "2026", injury_month: "10", injury_day: "05", at_Fault: "no", fault_cause: "another_person",
  physical_injury: "Yes", specific_injury: "Whiplash", doctor_treatment: "Yes", treatment_type: "Emergency Room",
  police_report: "yes", with_Lawyer: "no", lawyer_choice: "need_lawyer",
  case_description: "A truck ran the red light and hit my car on the driver side", hit_and_run: "no",
  first_name: "Maria", last_name: "Lopez", email: `maria.${id.slice(0, 8)}@example.com`,
  phone: `(512) 555-01${String(Math.floor(Math.random() * 100)).padStart(2, "0")}`, zip_code: "78701",
  tcpa: "By clicking Get My Free Case Review you agree to be contacted.", landing_page: base,
  landing_page_url: `${base}/survey`, page_referer: "", time_on_steps: "StartPath:2|AtFault:1",
  steps_path: ["StartPath", "AutoAccidentCaseWorth", "WhenWasTheAccident", "AtFault", "WasUserInjured",
    "DidYouReceiveMedicalTreatment", "PoliceReportFiled", "HasLawyer", "IncidentDescription", "NameAndEmail", "PhoneAndZip"],
  sub_id: "", sub_id2: "", sub_id3: "", sub_id4: "", click_id: "", affid: "1", oid: "81", ef_transaction_id: "",
  lp_key: "", lp_campaign_id: "", lp_supplier_id: "", gclid: "", fbclid: "",
}));' "$lead_id" "$base")
echo "POST $base/post-lead: $(curl -s -w ' HTTP %{http_code}' -H 'content-type: application/json' -d "$body" "$base/post-lead")"
for _ in $(seq 1 40); do
  status=$(psql "$database_url" -Atc "select string_agg(buyer_key || ' ' || status, ', ') from delivery_jobs where lead_id = '$lead_id'")
  case "$status" in *accepted*) break ;; esac
  sleep 0.5
done
echo "delivery of $lead_id: ${status:-no job}"
grep "$lead_id" "$work/buyer.log" || true
case "$status" in *accepted*) echo "proof: delivered" ;; *) echo "proof: NOT delivered" && exit 1 ;; esac
