/**
 * What the stripped-image name readers ({@code format.macho.fixups}, {@code .objc}, {@code .names})
 * need from a Mach-O image, and nothing more: the bytes of one 64-bit little-endian slice and its
 * segment/section layout ({@link dev.crashkit.symbolicate.format.macho.layout.ImageLayout}), plus
 * bounds-checked reads by link-time address ({@link dev.crashkit.symbolicate.format.macho.layout.VmMemory})
 * and the __LINKEDIT blobs of a few load commands
 * ({@link dev.crashkit.symbolicate.format.macho.layout.LinkeditCommands}). Kept apart from
 * {@code format.macho} so these readers do not depend on how the rest of the symbolicator models an image.
 */
package dev.crashkit.symbolicate.format.macho.layout;
