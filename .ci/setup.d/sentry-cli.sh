# server/'s SentryCliUploadTest runs the real sentry-cli (the Linux x64 binary npm ships as
# @sentry/cli-linux-x64) against a running server. Fetched once with `npm pack` into a cache folder the
# test reads (CRASHKIT_TOOLS, default /var/cache/crashkit-tools); the tarball's SHA-256 is pinned. The test
# fails (never skips) when the binary is missing: run this script (as root, or with CRASHKIT_TOOLS set).
crashkit_sentry_cli_setup() {
  local version=3.8.0
  local sha256=8ba8fae4afd2ac39939cba142d272d612fd9a1d60bbb73d314e7bbe58f2fd297
  local dir="${CRASHKIT_TOOLS:-/var/cache/crashkit-tools}/sentry-cli-${version}"
  if [ -x "$dir/sentry-cli" ]; then
    echo "sentry-cli setup: $dir/sentry-cli present"
    return 0
  fi
  command -v npm >/dev/null 2>&1 || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  } || return 1
  local tmp
  tmp=$(mktemp -d) || return 1
  (cd "$tmp" && npm pack --silent "@sentry/cli-linux-x64@${version}" >/dev/null) || { rm -rf "$tmp"; return 1; }
  if ! echo "${sha256}  $tmp/sentry-cli-linux-x64-${version}.tgz" | sha256sum -c --quiet; then
    echo "sentry-cli setup: the npm tarball's SHA-256 is not the pinned one" >&2
    rm -rf "$tmp"
    return 1
  fi
  mkdir -p "$dir" && tar -xzf "$tmp/sentry-cli-linux-x64-${version}.tgz" -C "$tmp" package/bin/sentry-cli \
    && install -m 0755 "$tmp/package/bin/sentry-cli" "$dir/sentry-cli" || { rm -rf "$tmp"; return 1; }
  rm -rf "$tmp"
  echo "sentry-cli setup: $dir/sentry-cli $("$dir/sentry-cli" --version)"
}
crashkit_sentry_cli_setup || echo "sentry-cli setup: FAILED (server/SentryCliUploadTest will fail)" >&2
