package dev.crashkit.symbolicate.format.macho.objc;

import java.util.Objects;

/**
 * One method implementation and its Objective-C name.
 *
 * @param name the name as the compiler spells the symbol, e.g. {@code -[CKShape(Geometry) perimeterWithSide:]}
 * @param imp  link-time address of the implementation
 */
public record ObjcMethod(String name, long imp) {
    public ObjcMethod {
        Objects.requireNonNull(name, "name");
    }
}
