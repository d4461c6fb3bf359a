#!/bin/sh
# Fetches the Apple open-source headers that layout.c includes (listed in headers.txt) with Apple's
# licence (APPLE_LICENSE, APSL 2.0) from the pinned releases into xnu/ and dyld/ here.
# Usage: fetch.sh                       clones github.com/apple-oss-distributions/{xnu,dyld} at the tags
#        APPLE_OSS_GIT=DIR fetch.sh     reads DIR/xnu.git and DIR/dyld.git (bare clones) instead
set -eu
here=$(cd "$(dirname "$0")" && pwd)
XNU_TAG=xnu-11417.101.15   # commit e3723e1f17661b24996789d8afc084c0c3303b26
DYLD_TAG=dyld-1378         # commit fd8d0c4d52320ebf64db34f3cb280310d905c5ae
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
get() { # NAME TAG EXPECTED_COMMIT
    if [ -n "${APPLE_OSS_GIT:-}" ]; then
        git --git-dir="$APPLE_OSS_GIT/$1.git" archive --format=tar "$2" > "$work/$1.tar"
        commit=$(git --git-dir="$APPLE_OSS_GIT/$1.git" rev-parse "$2^{commit}")
    else
        git clone -q --depth 1 --branch "$2" "https://github.com/apple-oss-distributions/$1.git" "$work/$1.git"
        git -C "$work/$1.git" archive --format=tar HEAD > "$work/$1.tar"
        commit=$(git -C "$work/$1.git" rev-parse HEAD)
    fi
    [ "$commit" = "$3" ] || { echo "fetch.sh: $1 $2 is $commit, expected $3" >&2; exit 1; }
    rm -rf "${here:?}/$1"
    mkdir -p "$here/$1"
    sed -n "s#^$1/##p" "$here/headers.txt" > "$work/$1.list"
    echo APPLE_LICENSE >> "$work/$1.list"
    tar -x -f "$work/$1.tar" -C "$here/$1" -T "$work/$1.list"
}
get xnu "$XNU_TAG" e3723e1f17661b24996789d8afc084c0c3303b26
get dyld "$DYLD_TAG" fd8d0c4d52320ebf64db34f3cb280310d905c5ae
echo "fetch.sh: $(wc -l < "$here/headers.txt") headers under $here/xnu and $here/dyld"
