#!/usr/bin/env bash
# The team deployment end to end, as README's team quick start says, on a copy of this working tree:
#   forage deploy init --local-images     (no registry: NATS, PostgreSQL, Prometheus from deploy/images)
#   docker-compose up -d --build
#   curl the gateway with the printed key: one question, answered and verified
# then: Prometheus has every Forage service's target up; dom-extraction scaled to 2 (both scraped);
# `forage audit verify --nats … --creds …` reports an intact chain; everything torn down (volumes too).
#   npm run test:compose        (needs a Docker engine, docker-compose and a built CLI; `npm test` builds it)
# IMAGES=registry uses the registry images of docker-compose.yml instead; KEEP=1 leaves the stack up.
# Ends with `RESULT answered=… verified=… targets_up=… seconds=…`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
started=$(date +%s)
dir=$(mktemp -d /tmp/forage-compose-XXXXXX)
export COMPOSE_PROJECT_NAME=forage-test
# docker-compose prefers the shell's variables to .env: run it with only what .env says, as the
# quick start does in a fresh shell (an exported FORAGE_NATS_PASSWORD_* would give nats-server
# other passwords than the services' secret files)
dc() { (cd "$dir" && for v in $(sed -n 's/^\([A-Z_][A-Z0-9_]*\)=.*/\1/p' .env); do unset "$v"; done && docker-compose "$@"); }
forage() { (cd "$dir" && node "$root/apps/cli/dist/main.js" "$@"); }
failures=0
answered=0
verified=0
targets_up=0

cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then
    echo "test:compose: left running in $dir (cd $dir && COMPOSE_PROJECT_NAME=$COMPOSE_PROJECT_NAME docker-compose down -v)"
    return
  fi
  dc down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

check() {
  local what=$1
  shift
  if "$@"; then
    echo "  ok    $what"
  else
    echo "  FAIL  $what"
    failures=$((failures + 1))
  fi
}

# a JSON value from stdin: json 'expression over v' [arguments, as process.argv[1…]]
json() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const v=JSON.parse(s);const r=($1);process.stdout.write(r===undefined||r===null?'':typeof r==='string'?r:JSON.stringify(r))})" "${@:2}"; }

# the deployment files exactly as a clone has them (tracked and new files, the working tree's content)
(cd "$root" && git ls-files -co --exclude-standard -z | tar --null -T - -c) | tar -x -C "$dir"
echo "test:compose: in $dir (docker $(docker version --format '{{.Server.Version}}'), $(docker-compose version --short))"

if [ "${IMAGES:-local}" = local ]; then init_flags=(--local-images); else init_flags=(); fi
init_out=$(forage deploy init "${init_flags[@]}")
key=$(grep -E '^fk_' <<<"$init_out")
check ".env is 0600 and secrets/ 0700" bash -c "[ \"\$(stat -c %a $dir/.env)\" = 600 ] && [ \"\$(stat -c %a $dir/secrets)\" = 700 ]"

up_started=$(date +%s)
# docker-compose v1 gives up as soon as a dependency reports unhealthy, even when its restart policy
# is bringing it back (a cold start on a loaded host); a second `up` picks up where the first stopped
if ! dc up -d --build >"$dir/up.log" 2>&1; then
  echo "  docker-compose up -d stopped on: $(grep -m1 -E '^ERROR' "$dir/up.log" || tail -1 "$dir/up.log"); running it once more"
  sleep 20
fi
if ! dc up -d >>"$dir/up.log" 2>&1; then
  tail -20 "$dir/up.log"
  dc ps
  # the last words of every container that is not running healthy
  for id in $(dc ps -q); do
    state=$(docker inspect -f '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")
    if ! grep -qE ' running (healthy)?$' <<<"$state"; then
      echo "--- $state"
      docker logs --tail 15 "$id" 2>&1 | cut -c1-300
    fi
  done
  echo "RESULT answered=0 verified=0 targets_up=0 seconds=$(($(date +%s) - started))"
  exit 1
fi
echo "  docker-compose up -d: $(($(date +%s) - up_started)) s; forage image $(docker image inspect -f '{{.Size}}' forage:latest | awk '{printf "%.0f MB", $1/1e6}')"

# every container running and, where it has a healthcheck, healthy; a one-shot job (restart "no",
# bus-init) done with exit 0
all_healthy() {
  local ids states
  ids=$(dc ps -q)
  [ -n "$ids" ] || return 1
  # shellcheck disable=SC2086
  states=$(docker inspect -f '{{.Name}} {{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}} {{.HostConfig.RestartPolicy.Name}} {{.State.ExitCode}}' $ids)
  ! grep -vqE ' (running (healthy|none) [a-z-]* [0-9]+|exited none no 0)$' <<<"$states"
}
wait_healthy() {
  for _ in $(seq 1 120); do
    if all_healthy; then return 0; fi
    sleep 5
  done
  dc ps
  return 1
}
check "every container healthy" wait_healthy
echo "  healthy after $(($(date +%s) - up_started)) s: $(dc ps -q | wc -l) containers"

api() { curl -sS --max-time 20 -H "Authorization: Bearer $key" -H 'content-type: application/json' "$@"; }
check "the gateway refuses a question without the key (401)" \
  bash -c "[ \"\$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -d '{\"question\":\"x\"}' http://127.0.0.1:7700/v1/runs)\" = 401 ]"

# a question the sandbox web answers, from the generator's ground truth (as `forage demo` asks)
question_json=$(cd "$root" && node -e "import('./apps/cli/dist/commands/demo.js').then(m=>console.log(JSON.stringify(m.demoQuestion())))")
question=$(json 'v.question' <<<"$question_json")
digits=$(json 'v.expectedDigits' <<<"$question_json")
ask_started=$(date +%s)
run_id=$(api -d "$(node -e 'console.log(JSON.stringify({question: process.argv[1]}))' "$question")" http://127.0.0.1:7700/v1/runs | json 'v.runId')
view=''
for _ in $(seq 1 90); do
  view=$(api "http://127.0.0.1:7700/v1/runs/$run_id")
  [ "$(json 'v.status' <<<"$view")" = completed ] && break
  sleep 2
done
answer=$(json 'v.result && v.result.answer ? v.result.answer.text : ""' <<<"$view")
echo "  \"$question\" → ${answer:-(no answer)} ($(json 'v.result ? v.result.outcome : v.status' <<<"$view"), $(($(date +%s) - ask_started)) s)"
if [ "$(json 'v.result ? v.result.outcome : ""' <<<"$view")" = answered ] && [[ "${answer//,/}" == *"$digits"* ]]; then answered=1; fi
if [ "$(json 'v.gate ? v.gate.status : ""' <<<"$view")" = verified ]; then verified=1; fi
check "the question is answered with the figure the sandbox holds" test "$answered" = 1
check "the answer is verified" test "$verified" = 1

services=(gateway orchestrator search dom-extraction dom-understanding processing action-execution verifier logging)
# targets of the Forage jobs that are up, and how many there are in all: "up total"
targets() {
  curl -sS --max-time 10 http://127.0.0.1:9090/api/v1/targets | json "(() => {
    const jobs = new Set(process.argv[1].split(' '));
    const t = v.data.activeTargets.filter((x) => jobs.has(x.labels.job));
    const missing = [...jobs].filter((j) => !t.some((x) => x.labels.job === j));
    return t.filter((x) => x.health === 'up').length + ' ' + t.length + ' ' + (missing.join(',') || '-');
  })()" "${services[*]}"
}
wait_targets() {
  local want=$1 got=''
  for _ in $(seq 1 40); do
    got=$(targets 2>/dev/null || true)
    read -r up total missing <<<"$got"
    if [ "${missing:-x}" = - ] && [ "${up:-0}" = "$total" ] && [ "$total" -ge "$want" ]; then
      targets_up=$up
      return 0
    fi
    sleep 3
  done
  echo "    targets (up total missing-jobs): $got"
  return 1
}
# logging runs 2 replicas, every other service 1
check "Prometheus has every Forage service's target up (10)" wait_targets 10

scale_started=$(date +%s)
dc up -d --no-recreate --scale dom-extraction=2 >>"$dir/up.log" 2>&1
check "dom-extraction scaled to 2, both healthy" wait_healthy
check "Prometheus scrapes both dom-extraction replicas (11 targets up)" wait_targets 11
echo "  scaled in $(($(date +%s) - scale_started)) s"

audit=$(forage audit verify --nats nats://127.0.0.1:4222 --creds secrets/nats-admin.password 2>&1) && audit_code=0 || audit_code=$?
echo "  forage audit verify --nats nats://127.0.0.1:4222 --creds secrets/nats-admin.password: ${audit##*$'\n'}"
check "the log chain is intact (audit verify exit 0)" test "$audit_code" = 0

# the NATS monitoring port answers without authentication: it listens on each node's loopback, so a
# service container reaches the client port 4222 and not 8222 (the healthchecks above read it inside)
reach() { dc exec -T gateway node -e "
  const s = require('node:net').connect(Number(process.argv[1]), 'nats-1');
  s.on('connect', () => process.exit(0)); s.on('error', () => process.exit(1));
  setTimeout(() => process.exit(1), 5000);" "$1"; }
client_port_only() { reach 4222 && ! reach 8222; }
check "a service reaches NATS 4222 but not the monitoring port 8222" client_port_only

# the containers of this project, as dc names them (a plain docker-compose here would see the
# environment's project name, not .env's, and list none: the check would pass on nothing)
container_ids=$(dc ps -q | tr '\n' ' ')
check "no secret in the containers' configuration (docker inspect of $(wc -w <<<"$container_ids") containers)" bash -c "
  [ -n '$container_ids' ] && ! docker inspect $container_ids | grep -qF -e \"\$(cat $dir/secrets/evidence-key)\" \
    -e \"\$(cat $dir/secrets/postgres-password)\" -e \"\$(cat $dir/secrets/verdict-signing-key)\""

seconds=$(($(date +%s) - started))
echo "RESULT answered=$answered verified=$verified targets_up=$targets_up seconds=$seconds checks_failed=$failures"
[ "$failures" = 0 ]
