#!/bin/sh
# Secrets arrive as files (Docker/Compose secrets under /run/secrets); the API reads environment
# variables. For each NAME_FILE set, NAME is read from that file, then the command runs.
set -eu
for name in DATABASE_URL DATA_ENCRYPTION_KEY STORE_SECRET METRICS_TOKEN SMTP_URL; do
  eval "file=\${${name}_FILE:-}"
  if [ -n "$file" ]; then
    if [ ! -r "$file" ]; then
      echo "cgg-entrypoint: ${name}_FILE=$file cannot be read" >&2
      exit 1
    fi
    eval "export $name=\"\$(cat \"\$file\")\""
    unset "${name}_FILE"
  fi
done
exec "$@"
