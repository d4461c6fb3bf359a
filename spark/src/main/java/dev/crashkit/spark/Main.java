package dev.crashkit.spark;

import java.util.Optional;

/**
 * Entry point of {@code crashkit-spark.jar}, for {@code spark-submit} and for {@code java -jar}
 * (local runs: the jar's manifest names Spark's jars in {@code spark-lib/} beside it and opens the
 * JDK packages Spark needs). Spark is looked up before anything touches it, so a jar started
 * without Spark says so in one line instead of a stack trace. In local mode {@code java -jar} relaunches
 * itself with other JVM options ({@link LocalRelaunch}).
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (sparkPresent()) {
            // A local `java -jar` run starts the job in a JVM with faster options (LocalRelaunch).
            Optional<Integer> child = LocalRelaunch.runInChild(args);
            if (child.isPresent()) {
                System.exit(child.get());
            }
        }
        // A relaunched child given the class-data archive checks that the JVM took it (StartupArchive).
        StartupArchive.checkInChild(System.getProperty(StartupArchive.IN_USE), System.getProperty("java.vm.info"))
                .ifPresent(System.err::println);
        System.exit(run(args));
    }

    static int run(String... args) {
        if (!sparkPresent()) {
            System.err.println("error: Spark is not on the classpath: run with spark-submit, or keep the jar in the"
                    + " folder `mvn package` built it in (spark/target, beside spark-lib/)");
            return ExitCodes.USAGE;
        }
        // Read by Netty when Spark first loads it: lets it use direct buffers on Java 17 (spark-submit sets it too).
        System.setProperty("io.netty.tryReflectionSetAccessible", "true");
        if (System.getProperty("log4j2.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", "crashkit-spark-log4j2.properties");
        }
        return JobCommand.execute(args);
    }

    private static boolean sparkPresent() {
        try {
            Class.forName("org.apache.spark.sql.SparkSession", false, Main.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
