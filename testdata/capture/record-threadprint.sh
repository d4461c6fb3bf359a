#!/usr/bin/env bash
# Records HotSpot thread dumps (jcmd PID Thread.print) of JDK 17 and JDK 25 running a program with
# named threads, together with the kernel's view of the same process at the same moment
# (tid + comm of /proc/PID/task/*): the oracle for joining Java threads to OS threads by nid.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=/tmp/crashkit-testdata-capture
rm -rf "$work" && mkdir -p "$work" && trap 'rm -rf "$work"' EXIT
cat > "$work/Named.java" <<'JAVA'
public class Named {
    public static void main(String[] a) throws Exception {
        Object lock = new Object();
        for (int i = 0; i < 6; i++) {
            Thread t = new Thread(() -> {
                synchronized (lock) {
                    try { lock.wait(); } catch (InterruptedException e) { }
                }
            }, "worker number " + i + " with a long name");
            t.setDaemon(true);
            t.start();
        }
        System.out.println("ready");
        Thread.sleep(60_000);
    }
}
JAVA
record() { # NAME JAVA_HOME
    "$2/bin/javac" -d "$work/$1" "$work/Named.java"
    "$2/bin/java" -cp "$work/$1" Named > "$work/$1.out" &
    pid=$!
    until grep -q ready "$work/$1.out" 2>/dev/null; do sleep 0.1; done
    sleep 0.5
    "$2/bin/jcmd" "$pid" Thread.print > "$here/threadprint-$1.txt"
    for t in /proc/"$pid"/task/*; do echo "$(basename "$t") $(cat "$t/comm")"; done > "$here/tasks-$1.txt"
    kill "$pid"
}
record jdk17 /usr/lib/jvm/java-17-openjdk-amd64
record jdk25 /usr/lib/jvm/temurin-25-jdk-amd64
