#!/bin/sh
# The streaming replica of docker-compose.yml (postgres-replica), on the official postgres image, run as the postgres
# user. On an empty volume it copies the primary with pg_basebackup (-R writes standby.signal and primary_conninfo),
# retrying until the primary answers; afterwards it starts as a hot standby that follows the primary.
set -eu
: "${PRIMARY_HOST:?PRIMARY_HOST must name the primary}"
: "${PGPASSWORD:?PGPASSWORD must be the replicator role's password}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup --host="$PRIMARY_HOST" --username=replicator --pgdata="$PGDATA" \
      --write-recovery-conf --wal-method=stream --checkpoint=fast --progress; do
    echo "replica: the primary is not ready for a base backup yet; retrying" >&2
    rm -rf "${PGDATA:?}"/*
    sleep 2
  done
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby=on
