#!/bin/sh
# The streaming replica of docker-compose.yml (postgres-replica), on the official postgres image, run as the postgres
# user. On an empty volume it copies the primary with pg_basebackup (--write-recovery-conf writes standby.signal and
# primary_conninfo), retrying until the primary answers; afterwards it starts as a hot standby that follows the
# primary. Arguments are passed on to postgres (`-c name=value`). scripts/compose-replica.prod.test.ts runs it on loopback.
set -eu
: "${PRIMARY_HOST:?PRIMARY_HOST must name the primary}"
: "${PGPASSWORD:?PGPASSWORD must be the replicator role's password}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup --host="$PRIMARY_HOST" --port="${PRIMARY_PORT:-5432}" --username=replicator --pgdata="$PGDATA" \
      --write-recovery-conf --wal-method=stream --checkpoint=fast; do
    echo "replica: the primary is not ready for a base backup yet; retrying" >&2
    rm -rf "${PGDATA:?}"/*
    sleep 2
  done
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on "$@"
