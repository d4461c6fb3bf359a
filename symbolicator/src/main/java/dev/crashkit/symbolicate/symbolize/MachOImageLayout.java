package dev.crashkit.symbolicate.symbolize;

import dev.crashkit.symbolicate.format.macho.MachOImage;
import dev.crashkit.symbolicate.format.macho.Section;
import dev.crashkit.symbolicate.format.macho.Segment;
import dev.crashkit.symbolicate.format.macho.layout.ImageLayout;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/** A {@link MachOImage} as the stripped-image name readers see it (the one place that knows both). */
public record MachOImageLayout(Path file, ByteBuffer bytes, List<SegmentRange> segments, List<SectionRange> sections)
        implements ImageLayout {

    public static MachOImageLayout of(MachOImage image) {
        return new MachOImageLayout(image.file(), image.bytes(),
                image.machOSegments().stream().map(MachOImageLayout::segment).toList(),
                image.machOSections().stream().map(MachOImageLayout::section).toList());
    }

    private static SegmentRange segment(Segment s) {
        return new SegmentRange(s.name(), s.vmaddr(), s.vmsize(), s.fileoff(), s.filesize());
    }

    private static SectionRange section(Section s) {
        return new SectionRange(s.segment(), s.name(), s.addr(), s.size(), s.offset(), s.flags());
    }
}
