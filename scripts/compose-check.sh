#!/usr/bin/env bash
# Proves compose.yaml and the image (scripts/image.sh builds both images first): starts the cluster under a project
# of its own on free ports, waits for both APIs, creates a partner with `svc bootstrap` in the image, orders a quick
# screen through one API and reads it `Returned` with its PDF through the other (a report printed by the reports
# worker's Chromium in its sandbox: the image sets SVC_CHROMIUM_SANDBOX=on), then removes everything it started.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$root/deploy/containers.conf}
# podman-compose, and CNI's dnsname plugin, by which the services find each other by name (postgres).
source "$root/scripts/apt-install.sh"
missing=()
command -v podman-compose >/dev/null || podman compose version >/dev/null 2>&1 || missing+=(podman-compose)
[[ -e /usr/lib/cni/dnsname ]] || missing+=(golang-github-containernetworking-plugin-dnsname)
apt_install "compose" "${missing[@]}"
if podman compose version >/dev/null 2>&1; then compose=(podman compose); else compose=(podman-compose); fi
work=$(mktemp -d)
project=svccheck$$
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
export SVC_API_1_PORT=$(free_port) SVC_API_2_PORT=$(free_port)
export SVC_PUBLIC_URL=http://127.0.0.1:$SVC_API_1_PORT SVC_POSTGRES_IMAGE=${SVC_POSTGRES_IMAGE:-localhost/svc-postgres:latest}
cp "$root/compose.yaml" "$work/"
(umask 077 && echo "SVC_ENCRYPTION_KEY=$(openssl rand -hex 32)" > "$work/svc.env")
cd "$work"
cleanup() {
  "${compose[@]}" -p "$project" down -v >/dev/null 2>&1 || true
  podman network rm --force "${project}_default" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
started=$(date +%s)
"${compose[@]}" -p "$project" up -d >/dev/null 2>&1
# Hang guards of 10 minutes, not measures of speed: CI's machine has run over three times slower than on a quiet day,
# and CI runs this check beside its typecheck and lint.
for port in "$SVC_API_1_PORT" "$SVC_API_2_PORT"; do
  for _ in $(seq 600); do curl -fsS "http://127.0.0.1:$port/ready" >/dev/null 2>&1 && break; sleep 1; done
  curl -fsS "http://127.0.0.1:$port/ready" >/dev/null
done
echo "compose: both APIs ready $(($(date +%s) - started)) s after up"
account=$("${compose[@]}" -p "$project" run --rm -T --no-deps api-1 bootstrap --json 2>/dev/null | grep '^{')
key=$(node -pe 'JSON.parse(process.argv[1]).api_keys.demo' "$account")
owner=$(node -pe 'JSON.parse(process.argv[1]).users.hr' "$account")
body='{"owner_id":"'$owner'","information":{"first_name":"Ada","last_name":"Lovelace","date_of_birth":"1985-12-10",
"addresses":[{"address":"1 Main St","city":"Toronto","province_state":"ON","country":"CA","postal_code":"M5V 1A1","start_date":"2019-01-01"}]},
"position_or_property_location":{"province_state":"ON","country":"CA"},"request_softcheck":true}'
id=$(curl -fsS -H "Authorization: Bearer $key" -H 'Content-Type: application/json' -d "$body" \
  "http://127.0.0.1:$SVC_API_1_PORT/api/v1/hr/applications/quick/" | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')
status=
for _ in $(seq 600); do
  status=$(curl -fsS -H "Authorization: Bearer $key" "http://127.0.0.1:$SVC_API_2_PORT/api/v1/hr/applicants/$id/" |
    node -pe 'JSON.parse(require("fs").readFileSync(0)).status')
  [[ $status == Returned ]] && break
  sleep 1
done
[[ $status == Returned ]] || { echo "compose: applicant $id still $status" >&2; "${compose[@]}" -p "$project" logs worker-reports >&2; exit 1; }
curl -fsS -H "Authorization: Bearer $key" -o "$work/report.pdf" "http://127.0.0.1:$SVC_API_2_PORT/api/v1/hr/reports/$id/pdf/"
head -c 5 "$work/report.pdf" | grep -q '%PDF-'
if "${compose[@]}" -p "$project" logs worker-reports 2>&1 | grep -q 'without its sandbox'; then
  echo 'compose: Chromium ran without its sandbox' >&2
  exit 1
fi
echo "compose: quick screen $id ordered through api-1, Returned with its $(stat -c %s "$work/report.pdf")-byte PDF through api-2, printed in Chromium's sandbox; $(($(date +%s) - started)) s in all"
