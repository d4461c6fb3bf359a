package dev.crashkit.capture.ptrace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.crashkit.capture.linux.Task;
import java.util.List;
import org.junit.jupiter.api.Test;

class StopOrderTest {
    @Test
    void runningThreadsComeFirstThenTheRestInTheirOrder() {
        List<Task> tasks = List.of(new Task(10, "main", 'S', ""), new Task(11, "spin", 'R', "running"),
                new Task(12, "io", 'D', ""), new Task(13, "spin2", 'R', "running"), new Task(14, "z", 'S', ""));
        assertEquals(List.of(11L, 13L, 10L, 12L, 14L), PtraceCapture.stopOrder(tasks));
        assertEquals(List.of(), PtraceCapture.stopOrder(List.of()));
    }
}
