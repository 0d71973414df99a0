#!/bin/sh
# Entrypoint of the Forage image. A setting whose value is a secret can come from a file (compose
# `secrets:`, a Kubernetes Secret volume): <NAME>_FILE=/run/secrets/x sets NAME to the file's content
# for the service process only, so the value never shows in `docker inspect` or in the pod spec.
# Settings a service reads from a file itself (NATS_PASSWORD_FILE, GATEWAY_API_KEYS_FILE,
# ACTION_SECRETS_FILE) need no entry here. The required-settings test reads this list.
set -eu
SECRET_FILE_SETTINGS="FORAGE_EVIDENCE_KEY DATABASE_URL VERIFIER_SIGNING_KEY VERDICT_PUBLIC_KEY LLM_API_KEY BRAVE_API_KEY SERPER_API_KEY TAVILY_API_KEY"
for name in $SECRET_FILE_SETTINGS; do
  eval "file=\${${name}_FILE:-}"
  if [ -n "$file" ]; then
    if [ ! -r "$file" ]; then
      echo "forage-entrypoint: ${name}_FILE=$file cannot be read" >&2
      exit 78
    fi
    value=$(cat "$file")
    export "$name=$value"
    unset "${name}_FILE"
  fi
done
exec "$@"
