# One image for every Forage service; the command picks the service:
#   docker run forage node apps/<service>/dist/main.js
#   docker run forage node libs/sandbox/dist/main.js      (the sandbox web)
# Healthchecks are per service (each has its own OPS_PORT), so they live in docker-compose.yml and
# in the Kubernetes probes, not here.
# Builds with the classic builder as well as BuildKit (no `# syntax=` line, no RUN --mount), from the
# committed lockfile (`npm ci`). `npm run test:image` builds it and checks a service's /health.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- manifests: only what `npm ci` reads, so the dependency layers are rebuilt only when a
# package.json or the lockfile changes, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && find . -path '*/node_modules' -prune -o \( -name package.json -o -name package-lock.json \) -type f -print \
    | xargs -I{} cp --parents {} /manifests/

# --- build: every dependency (swc, nx), then every workspace's dist/.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund --loglevel=error
COPY . .
# then gather every dist/ (apps, libs, tools) with its path, so a new service needs no Dockerfile edit
RUN npx nx run-many -t build --output-style=static \
 && mkdir /out \
 && find apps libs tools -mindepth 2 -maxdepth 2 -type d -name dist -exec cp -r --parents {} /out/ \;

# --- prod-deps: runtime dependencies only (no swc, nx, jest, eslint).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --omit=dev --no-audit --no-fund --loglevel=error

# --- runtime
FROM ${NODE_IMAGE} AS runtime
# chromium for dom-extraction and action-execution (playwright-core drives it, no bundled browser);
# tini reaps the zombies a crashed Chromium leaves behind and forwards SIGTERM to node.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium fonts-liberation ca-certificates tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    CHROMIUM_PATH=/usr/bin/chromium \
    OPS_HOST=0.0.0.0 \
    LOGGING_DATA_DIR=/data/logging
WORKDIR /app
# node_modules (its @forage/* entries are symlinks into libs/ and apps/) + every workspace package.json
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
# <NAME>_FILE → NAME for the secret settings (compose secrets, Kubernetes Secret volumes)
COPY deploy/docker-entrypoint.sh /usr/local/bin/forage-entrypoint
# writable data directory for the logging service (PGlite); a named volume mounted here inherits the owner
RUN mkdir -p /data/logging && chown -R node:node /data
# the `node` user (uid 1000) of the base image; never root
USER node
# gateway HTTP API; ops ports (/metrics, /health) of gateway … verifier; sandbox sites
EXPOSE 7700 7801 7802 7803 7804 7805 7806 7807 7808 7809 41001 41002 41003
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/forage-entrypoint"]
CMD ["node", "apps/gateway/dist/main.js"]
