package dev.crashkit.symbolicate.format.macho.objc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Swift classes' Objective-C runtime names as objc4's copySwiftV1DemangledName shows them: only the
 * one-module, one-class form is rewritten, anything else (nested, generic, malformed) is kept.
 */
class SwiftClassNamesTest {

    @ParameterizedTest
    @CsvSource({
        "_TtC6Shapes6Canvas, Shapes.Canvas",
        "_TtCs12_SwiftObject, Swift._SwiftObject",
        "CKRoot, CKRoot",
        "_TtCC6Shapes6Canvas5Layer, _TtCC6Shapes6Canvas5Layer",
        "_TtC6Shapes6Canvasx, _TtC6Shapes6Canvasx",
        "_TtC6Shapes99Canvas, _TtC6Shapes99Canvas",
        "_TtC0, _TtC0",
        "_TtC, _TtC",
    })
    void readableOnlyForTheSimpleForm(String runtimeName, String shown) {
        assertEquals(shown, SwiftClassNames.readable(runtimeName));
    }
}
