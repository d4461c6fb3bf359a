package dev.crashkit.symbolicator.batch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Output names made from input names: relative, no "..", control characters and ':' replaced. */
class BatchInputsTest {

    @Test
    void controlCharactersAndColonsBecomeUnderscoresAsWithTheRegex() {
        for (char c = 0; c < 0x300; c++) {
            if (c == '/' || c == '\\') {
                continue; // separators
            }
            String name = "a" + c + "b.json";
            assertEquals(name.replaceAll("[\\p{Cntrl}:]", "_"), BatchInputs.safeName(name), "char " + (int) c);
        }
    }

    @Test
    void pathsStayRelativeAndInside() {
        assertEquals("x/y.json", BatchInputs.safeName("/x/./y.json"));
        assertEquals("x/y.json", BatchInputs.safeName("..\\x\\y.json"));
        assertEquals("a/b", BatchInputs.safeName("../../a//b"));
        assertEquals("report", BatchInputs.safeName("../.."));
        assertEquals("c_d/e__", BatchInputs.safeName("c:d/e\u0000\u007f"));
    }
}
