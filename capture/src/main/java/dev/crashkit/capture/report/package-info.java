/** What a capture records (threads, images, Java threads, stack windows) and how it becomes crashreport/1. */
package dev.crashkit.capture.report;
