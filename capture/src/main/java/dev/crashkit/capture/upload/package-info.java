/** Uploads spooled reports with retries and back-off; deletes one only after a 2xx. */
package dev.crashkit.capture.upload;
