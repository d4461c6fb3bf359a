# Sourced (as root) by .ci/run before `mvn test`: what the server module's tests need from the system.
# - Debian's chromium + chromium-driver for server/BrowserTest (headless UI test);
# - a PostgreSQL cluster on loopback with role crashkit / password crashkit and database crashkit_test,
#   for server/PostgresTest (jdbc:postgresql://127.0.0.1:5432/crashkit_test), and crashkit_restore_test, which
#   server/BackupPostgresTest restores a pg_dump into (pg_dump and pg_restore come with the postgresql package).
# Idempotent: installs only what is missing, starts the cluster only when it is down.
crashkit_server_setup() {
  local need=()
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
  ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need+=(postgresql)
  if [ "${#need[@]}" -gt 0 ]; then
    echo "server setup: installing ${need[*]}"
    apt-get update -qq || return 1
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || return 1
  fi
  local ver
  ver=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  if ! pg_lsclusters -h 2>/dev/null | grep -q "^${ver} main "; then
    pg_createcluster "$ver" main >/dev/null || return 1
  fi
  if ! pg_lsclusters -h | grep -q "^${ver} main .* online"; then
    pg_ctlcluster "$ver" main start || return 1
  fi
  local i
  for i in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 1
  done
  pg_isready -h 127.0.0.1 -p 5432 || return 1
  if ! su postgres -c "psql -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'crashkit'\"" | grep -q 1; then
    su postgres -c "psql -q -c \"CREATE ROLE crashkit LOGIN PASSWORD 'crashkit'\"" || return 1
  fi
  if ! su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'crashkit_test'\"" | grep -q 1; then
    su postgres -c "psql -q -c \"CREATE DATABASE crashkit_test OWNER crashkit\"" || return 1
  fi
  # A second database, for server/BackupPostgresTest's pg_restore of a pg_dump of crashkit_test.
  if ! su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'crashkit_restore_test'\"" | grep -q 1; then
    su postgres -c "psql -q -c \"CREATE DATABASE crashkit_restore_test OWNER crashkit\"" || return 1
  fi
  echo "server setup: chromium, chromedriver and PostgreSQL ${ver} on 127.0.0.1:5432 ready"
}
crashkit_server_setup || echo "server setup: FAILED (the browser/PostgreSQL tests will fail)" >&2
