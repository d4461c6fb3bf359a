/**
 * What the relaunch of {@code java -jar symbolicate.jar} (symbolicate's {@code cli.Relaunch}) and of
 * {@code java -jar crashkit-spark.jar} (spark's {@code LocalRelaunch}, {@code StartupArchive}) share:
 * the child JVM ({@link dev.crashkit.launcher.ChildJvm}), the start-up cache's names
 * ({@link dev.crashkit.launcher.JarIdentity}) and folder ({@link dev.crashkit.launcher.DefaultCacheFolder}),
 * the removal of stale caches ({@link dev.crashkit.launcher.StaleStartupCaches}) and the check that the
 * JVM took the cache it was given ({@link dev.crashkit.launcher.ClassDataSharing}).
 *
 * <p>JDK only, and no lambdas or {@code invokedynamic} concatenation in what the launcher's parent JVM
 * runs: {@code symbolicate.jar} packs some of these classes, which run interpreted before anything else.
 */
package dev.crashkit.launcher;
