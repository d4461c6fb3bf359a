/** Symbolicating many reports in parallel over one shared module cache, with a summary. */
package dev.crashkit.symbolicator.batch;
