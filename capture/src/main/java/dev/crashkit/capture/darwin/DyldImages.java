package dev.crashkit.capture.darwin;

import com.sun.jna.Pointer;

/** {@link ImageSource} over dyld's image list. NEVER RUN on a Mac (see the README). */
public final class DyldImages implements ImageSource {
    @Override
    public int count() {
        return MachNative._dyld_image_count();
    }

    @Override
    public long header(int i) {
        Pointer p = MachNative._dyld_get_image_header(i);
        return p == null ? 0 : Pointer.nativeValue(p);
    }

    @Override
    public long slide(int i) {
        return MachNative._dyld_get_image_vmaddr_slide(i);
    }

    @Override
    public String path(int i) {
        String s = MachNative._dyld_get_image_name(i);
        return s == null ? "?" : s;
    }
}
