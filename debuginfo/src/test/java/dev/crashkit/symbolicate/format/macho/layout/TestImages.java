package dev.crashkit.symbolicate.format.macho.layout;

import dev.crashkit.symbolicate.Fixtures;
import dev.crashkit.core.ObjectFormatException;
import dev.crashkit.symbolicate.format.macho.MachOFile;
import dev.crashkit.symbolicate.format.macho.MachOImage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Layouts of the committed test binaries (testdata/macho/objc/), and of bytes patched in memory. */
public final class TestImages {
    private TestImages() {
    }

    /** The thin image at {@code testdata/<relative>}. */
    public static ImageLayout layout(String relative) throws ObjectFormatException {
        return of(MachOFile.open(Fixtures.testdata(relative)).slices().get(0));
    }

    public static ImageLayout of(MachOImage image) {
        return of(image, image.bytes());
    }

    /** {@code image}'s layout over other bytes (a damaged copy). */
    public static ImageLayout of(MachOImage image, ByteBuffer bytes) {
        List<ImageLayout.SegmentRange> segs = image.machOSegments().stream()
                .map(s -> new ImageLayout.SegmentRange(s.name(), s.vmaddr(), s.vmsize(), s.fileoff(), s.filesize()))
                .toList();
        List<ImageLayout.SectionRange> sects = image.machOSections().stream()
                .map(s -> new ImageLayout.SectionRange(s.segment(), s.name(), s.addr(), s.size(), s.offset(), s.flags()))
                .toList();
        Path file = image.file();
        return new ImageLayout() {
            @Override
            public Path file() {
                return file;
            }

            @Override
            public ByteBuffer bytes() {
                return bytes;
            }

            @Override
            public List<SegmentRange> segments() {
                return segs;
            }

            @Override
            public List<SectionRange> sections() {
                return sects;
            }
        };
    }

    /** Lines of a golden file under testdata/. */
    public static List<String> golden(String relative) throws IOException {
        return Files.readAllLines(Fixtures.testdata(relative));
    }
}
