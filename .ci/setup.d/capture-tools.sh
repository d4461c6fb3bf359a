# capture/'s tests build their C fixture with gcc and read it with binutils (nm, readelf) at test time.
if ! command -v gcc >/dev/null || ! command -v nm >/dev/null || ! command -v readelf >/dev/null; then
  apt-get update -qq && apt-get install -y -qq gcc binutils >/dev/null
fi
