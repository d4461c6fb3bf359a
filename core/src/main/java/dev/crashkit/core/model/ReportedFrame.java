package dev.crashkit.core.model;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What the report itself says about a frame besides its address: names found at runtime
 * ({@code dladdr}, a perf map) or by an earlier symbolication. Kept so that a frame we cannot
 * symbolicate still shows the names the input had.
 *
 * @param image            the image (module) name the report gives the frame
 * @param imageLoadAddress where the report says that image is loaded
 * @param symbol           the symbol as printed in the report
 * @param offset           bytes from the symbol's start to the frame's address, when the report says
 * @param file             source file, when the report has one
 * @param line             source line, when the report has one
 */
public record ReportedFrame(Optional<String> image, OptionalLong imageLoadAddress, Optional<String> symbol,
                            OptionalLong offset, Optional<String> file, OptionalInt line) {
    /**
     * Checks that no component is null (absent ones are empty optionals).
     *
     * @param image the image name the report gives the frame
     * @param imageLoadAddress where the report says that image is loaded
     * @param symbol the symbol as printed in the report
     * @param offset bytes from the symbol's start to the frame's address
     * @param file source file
     * @param line source line
     */
    public ReportedFrame {
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(imageLoadAddress, "imageLoadAddress");
        Objects.requireNonNull(symbol, "symbol");
        Objects.requireNonNull(offset, "offset");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(line, "line");
    }

    /**
     * A frame the report names only by its image.
     *
     * @param image the image name
     * @param loadAddress where the report says the image is loaded, when it says
     * @return the frame's names, without symbol, offset, file or line
     */
    public static ReportedFrame image(String image, OptionalLong loadAddress) {
        return new ReportedFrame(Optional.of(image), loadAddress, Optional.empty(), OptionalLong.empty(),
                Optional.empty(), OptionalInt.empty());
    }

    /**
     * The same with the report's symbol, offset, file and line.
     *
     * @param symbol the symbol as printed in the report
     * @param offset bytes from the symbol's start to the frame's address, when the report says
     * @param file source file, when the report has one
     * @param line source line, when the report has one
     * @return a copy with these set and the image kept
     */
    public ReportedFrame withSymbol(String symbol, OptionalLong offset, Optional<String> file, OptionalInt line) {
        return new ReportedFrame(image, imageLoadAddress, Optional.of(symbol), offset, file, line);
    }

    /**
     * Whether the report says anything beyond the address.
     *
     * @return true when every component is empty
     */
    public boolean isEmpty() {
        return image.isEmpty() && imageLoadAddress.isEmpty() && symbol.isEmpty() && offset.isEmpty()
                && file.isEmpty() && line.isEmpty();
    }

    /**
     * Empty when nothing is said; readers pass what they found, blank names (and Apple's {@code ???}
     * for "no image") count as nothing.
     *
     * @param image the image name, when found
     * @param imageLoadAddress the image's load address; dropped without an image
     * @param symbol the symbol, when found
     * @param offset bytes from the symbol's start; dropped without a symbol
     * @param file source file, when found; blank counts as absent
     * @param line source line, when found
     * @return the frame's names, or empty when nothing is left
     */
    public static Optional<ReportedFrame> of(Optional<String> image, OptionalLong imageLoadAddress,
                                             Optional<String> symbol, OptionalLong offset, Optional<String> file,
                                             OptionalInt line) {
        Optional<String> img = image.filter(s -> !s.isBlank() && !s.equals("???"));
        Optional<String> sym = symbol.filter(s -> !s.isBlank() && !s.equals("???"));
        ReportedFrame r = new ReportedFrame(img, img.isPresent() ? imageLoadAddress : OptionalLong.empty(), sym,
                sym.isPresent() ? offset : OptionalLong.empty(), file.filter(s -> !s.isBlank()), line);
        return r.isEmpty() ? Optional.empty() : Optional.of(r);
    }
}
