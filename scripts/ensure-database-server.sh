#!/usr/bin/env bash
# Usage: ensure-database-server.sh postgres|mysql
# Exits 0 once the local server answers on 127.0.0.1, starting it first when it is installed
# but down (the commands of this machine kind's services); exits 1 when it cannot be had.
set -u
kind=${1:?postgres or mysql}

check() {
  case $kind in
    postgres) command -v pg_isready >/dev/null && pg_isready -h 127.0.0.1 -p "${PGPORT:-5432}" -q ;;
    mysql) { command -v mariadb-admin >/dev/null && mariadb-admin ping -h127.0.0.1 -P"${MYSQL_PORT:-3306}" -uroot --silent 2>/dev/null; } ||
      { command -v mysqladmin >/dev/null && mysqladmin ping -h127.0.0.1 -P"${MYSQL_PORT:-3306}" -uroot --silent 2>/dev/null; } ;;
    *) echo "unknown server kind: $kind" >&2; exit 2 ;;
  esac
}

check && exit 0
# Not installed here: nothing to start and nothing to wait for.
case $kind in
  postgres)
    command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ] || exit 1
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start >/dev/null 2>&1 ;;
  mysql)
    [ -x /usr/sbin/mariadbd ] || exit 1
    start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd >/dev/null 2>&1 ;;
esac
for _ in $(seq 1 30); do
  check && exit 0
  sleep 1
done
exit 1
