/** Xcode Organizer crash point bundles ({@code .xccrashpoint}): the logs they hold. */
package dev.crashkit.symbolicate.report.xccrashpoint;
