#!/usr/bin/env bash
# A working Docker engine for CI (`.ci/run` calls it, as root, on Debian): installs docker.io,
# docker-compose (v1) and debootstrap when missing, starts dockerd when none answers, and builds the
# base image every Dockerfile here starts from when no registry can provide it:
#   node:20-bookworm-slim   Debian bookworm (debootstrap from the configured apt mirror) + this
#                           machine's Node 20 and npm, a `node` user (uid 1000) as in the official
#                           image, and the machine's CA bundle so apt and npm work inside builds.
# Idempotent; about a minute the first time. Prints one line: what is ready. Exit 1: no engine.
# The engine may be 20.10 without buildx: every Dockerfile here builds with the classic builder.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
base=${NODE_IMAGE:-node:20-bookworm-slim}
need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v docker-compose >/dev/null || need+=(docker-compose)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v curl >/dev/null || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "docker-engine: needs root to install ${need[*]}" >&2
    exit 1
  fi
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || { echo "docker-engine: no engine answers, and starting one needs root" >&2; exit 1; }
  (nohup dockerd >/var/log/dockerd.log 2>&1 &)
  for _ in $(seq 1 120); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
fi
docker info >/dev/null
if ! docker image inspect "$base" >/dev/null 2>&1 && ! timeout 30 docker pull -q "$base" >/dev/null 2>&1; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mirror=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=$(awk '/^deb / && $3 == "bookworm" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  debootstrap --variant=minbase bookworm "$work/rootfs" "${mirror:-http://deb.debian.org/debian}" >/dev/null
  tar -C "$work/rootfs" -c . | docker import - local/debian:bookworm >/dev/null
  mkdir "$work/ctx"
  cp "$(command -v node)" "$work/ctx/node"
  cp -a "$(npm root -g)/npm" "$work/ctx/npm"
  cp /etc/ssl/certs/ca-certificates.crt "$work/ctx/ca.crt"
  cat >"$work/ctx/Dockerfile" <<'DOCKERFILE'
FROM local/debian:bookworm
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd -g 1000 node && useradd -u 1000 -g node -m -s /bin/bash node
CMD ["node"]
DOCKERFILE
  docker build -q -t "$base" "$work/ctx" >/dev/null
  how="built locally (debootstrap)"
else
  how="present"
fi
echo "docker-engine: docker $(docker version --format '{{.Server.Version}}'), $(docker-compose version --short), base image $base ${how}"
