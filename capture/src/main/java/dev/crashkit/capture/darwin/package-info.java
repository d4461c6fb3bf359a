/** Darwin capture behind interfaces (Mach threads, dyld images, vm_read memory); tested on Linux with recorded data, never run on a Mac. */
package dev.crashkit.capture.darwin;
