#!/bin/sh
# Run once by the postgres image on a new database (docker-entrypoint-initdb.d): the API's own role. It owns nothing;
# the API's migrations run as the owner ($POSTGRES_USER, DATABASE_OWNER_URL) and grant this role only what it needs
# (docs/security.md): it can read `events` and append through `append_events`, never change or unguard the log.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v api_password="$API_DB_PASSWORD" <<'SQL'
CREATE ROLE ifu_api LOGIN PASSWORD :'api_password';
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
