#!/bin/sh
# Run once by the postgres image on a new primary (docker-entrypoint-initdb.d): the role the streaming replica
# (postgres-replica in docker-compose.yml) copies the primary with and then streams from, and the pg_hba line that
# lets it in. wal_level=replica and max_wal_senders=10 are PostgreSQL 15's defaults already.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v replication_password="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'replication_password';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
