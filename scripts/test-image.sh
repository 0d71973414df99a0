#!/usr/bin/env bash
# Builds the project's image with the builder the engine has (the classic one here), starts
# nats-server (Debian's package, in a container built from the same base) and two services from the
# image on a private network, and checks what a deployment relies on: /health of each service, the
# gateway accepting a question into JetStream (with an API key: it listens beyond loopback), secrets
# given as files (<NAME>_FILE, read by the image's entrypoint), and the services not running as root.
#   npm run test:image            (needs a Docker engine and the built CLI; .ci/run runs it)
# IMAGE=forage:ci to name the image; KEEP=1 leaves the containers up for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
image=${IMAGE:-forage:image-test}
base=${NODE_IMAGE:-node:20-bookworm-slim}
run=forage-image-test-$$
failures=0
# secrets as a deployment gives them: files mounted read-only (an API key file, the evidence key)
secrets=$(mktemp -d)
key=$(node apps/cli/dist/main.js keys create image-test --data-dir "$secrets" | grep -E '^fk_')
head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$secrets/evidence-key"
chmod 644 "$secrets"/*

cleanup() {
  if [ "${KEEP:-0}" = 1 ]; then
    echo "test:image: left running: docker rm -f $run-nats $run-gateway $run-understanding; docker network rm $run"
    return
  fi
  docker rm -f "$run-nats" "$run-gateway" "$run-understanding" >/dev/null 2>&1 || true
  docker network rm "$run" >/dev/null 2>&1 || true
  rm -rf "$secrets"
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

# /health of a container's ops port, asked from inside the container (the image has Node, no curl)
health_of() {
  docker exec "$1" node -e "fetch('http://127.0.0.1:'+process.env.OPS_PORT+'/health',{signal:AbortSignal.timeout(3000)}).then(async r=>{console.log(r.status, await r.text());process.exit(r.ok?0:1)},e=>{console.log(String(e));process.exit(1)})"
}

wait_healthy() {
  local name=$1
  for _ in $(seq 1 90); do
    if health_of "$name" >/dev/null 2>&1; then return 0; fi
    if [ "$(docker inspect -f '{{.State.Running}}' "$name" 2>/dev/null)" != true ]; then
      echo "  $name exited:"
      docker logs --tail 30 "$name" 2>&1 | sed 's/^/    /'
      return 1
    fi
    sleep 1
  done
  echo "  $name not healthy after 90 s:"
  docker logs --tail 30 "$name" 2>&1 | sed 's/^/    /'
  return 1
}

echo "test:image: building $image (docker $(docker version --format '{{.Server.Version}}'))"
started=$(date +%s)
docker build -q -t "$image" --build-arg NODE_IMAGE="$base" . >/dev/null
echo "  built in $(($(date +%s) - started)) s: $(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"

# nats-server from Debian's package on the same base (no registry image is needed)
docker build -q -t forage-nats:image-test - >/dev/null <<DOCKERFILE
FROM $base
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nats-server \
 && rm -rf /var/lib/apt/lists/*
USER node
CMD ["/usr/sbin/nats-server", "-js", "-sd", "/tmp/js", "-m", "8222"]
DOCKERFILE

docker network create "$run" >/dev/null
docker run -d --name "$run-nats" --network "$run" --network-alias nats forage-nats:image-test >/dev/null
docker run -d --name "$run-understanding" --network "$run" \
  -e NATS_URL=nats://nats:4222 -e OPS_PORT=7805 -e LOG_LEVEL=warn \
  -v "$secrets/evidence-key:/run/secrets/evidence-key:ro" -e FORAGE_EVIDENCE_KEY_FILE=/run/secrets/evidence-key \
  "$image" node apps/dom-understanding/dist/main.js >/dev/null
docker run -d --name "$run-gateway" --network "$run" \
  -e NATS_URL=nats://nats:4222 -e OPS_PORT=7801 -e LOG_LEVEL=warn -e GATEWAY_HOST=0.0.0.0 -e GATEWAY_PORT=7700 \
  -v "$secrets/api-keys.json:/run/secrets/api-keys.json:ro" -e GATEWAY_API_KEYS_FILE=/run/secrets/api-keys.json \
  "$image" node apps/gateway/dist/main.js >/dev/null

echo "test:image: checks"
check "dom-understanding /health is 200" wait_healthy "$run-understanding"
check "gateway /health is 200" wait_healthy "$run-gateway"
check "gateway /health names a live NATS connection" \
  bash -c "docker exec $run-gateway node -e \"fetch('http://127.0.0.1:7801/health').then(r=>r.json()).then(b=>process.exit(b.checks.nats.ok?0:1),()=>process.exit(1))\""
# status of POST /v1/runs from inside the gateway's container, with the given Authorization header (or none)
post_status() {
  docker exec "$run-gateway" node -e "fetch('http://127.0.0.1:7700/v1/runs',{method:'POST',headers:Object.assign({'content-type':'application/json'},process.argv[1]?{authorization:process.argv[1]}:{}),body:JSON.stringify({question:'What is the population of the largest country?'})}).then(r=>console.log(r.status),e=>console.log(String(e)))" "$1"
}
check "gateway refuses a question without an API key (401)" test "$(post_status '')" = 401
# with a key the gateway records who owns the run through the logging service, which this test does
# not start (test:compose asks a whole stack): past the key check it answers 503, never 401 or 403
with_key=$(post_status "Bearer $key")
echo "    POST /v1/runs with the key: $with_key"
check "gateway accepts the key from its key file (past the key check)" bash -c "[ '$with_key' != 401 ] && [ '$with_key' != 403 ] && [ -n '$with_key' ]"
check "the evidence key reached dom-understanding from its file, not its configuration" \
  bash -c "! docker inspect $run-understanding | grep -q \"\$(cat $secrets/evidence-key)\""
check "services run as the unprivileged node user" \
  bash -c "[ \"\$(docker exec $run-gateway id -u)\" = 1000 ]"
check "Chromium is in the image for the browser services" docker run --rm "$image" test -x /usr/bin/chromium
docker stop -t 5 "$run-nats" >/dev/null
check "gateway /health turns 503 while NATS is gone" \
  bash -c "for i in \$(seq 1 30); do docker exec $run-gateway node -e \"fetch('http://127.0.0.1:7801/health').then(r=>process.exit(r.status===503?0:1),()=>process.exit(1))\" && exit 0; sleep 1; done; exit 1"

if [ "$failures" -gt 0 ]; then
  echo "RESULT image=$image checks_failed=$failures"
  exit 1
fi
echo "RESULT image=$image checks_failed=0 build_s=$(($(date +%s) - started))"
