#!/bin/sh
# Builds ProcessReplacement's JNI library (symbolicate/src/main/c/process_replacement.c) into the
# classes folder as dev/crashkit/symbolicate/cli/native/linux-<os.arch>/libcrashkit-exec.so, run by
# Maven (symbolicate/pom.xml, process-classes). Optional: on another OS, or without gcc or the JDK's
# JNI headers, it says so and builds nothing; java -jar then starts its child JVM with ProcessBuilder.
#   native-exec.sh SOURCE CLASSES_DIR JAVA_HOME
set -eu
src=$1
classes=$2
jdk=$3
if [ "$(uname -s)" != Linux ]; then
    echo "native-exec: not Linux, no libcrashkit-exec.so (java -jar starts a child JVM instead)"
    exit 0
fi
case "$(uname -m)" in
    x86_64) arch=amd64 ;;
    aarch64) arch=aarch64 ;;
    *) echo "native-exec: unknown machine $(uname -m), no libcrashkit-exec.so"; exit 0 ;;
esac
if ! command -v gcc > /dev/null 2>&1 || [ ! -f "$jdk/include/jni.h" ]; then
    echo "native-exec: no gcc or no $jdk/include/jni.h, no libcrashkit-exec.so (java -jar starts a child JVM instead)"
    exit 0
fi
out="$classes/dev/crashkit/symbolicate/cli/native/linux-$arch"
mkdir -p "$out"
# A compiler that fails here leaves the jar without the library (the same fallback), not the build broken;
# ProcessReplacementTest fails on a machine that should have built it.
if ! gcc -O2 -Wall -Wextra -fPIC -shared -Wl,-z,noexecstack -I"$jdk/include" -I"$jdk/include/linux" \
        -o "$out/libcrashkit-exec.so" "$src"; then
    rm -f "$out/libcrashkit-exec.so"
    echo "native-exec: gcc failed, no libcrashkit-exec.so (java -jar starts a child JVM instead)"
fi
