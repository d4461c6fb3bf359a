package dev.crashkit.capture.darwin;

/** The loaded images as dyld lists them ({@link DyldImages} is the real one). */
public interface ImageSource {
    int count();

    /** Address of image {@code i}'s Mach-O header in memory. */
    long header(int i);

    /** {@code _dyld_get_image_vmaddr_slide}. */
    long slide(int i);

    String path(int i);
}
