package dev.crashkit.capture.darwin;

import java.util.List;
import java.util.Optional;

/**
 * The Mach thread operations capture uses, behind an interface so that the capture logic runs in
 * tests on any OS with recorded states ({@link MachThreads} is the real one).
 */
public interface ThreadSource {
    /** Thread ports of the task ({@code task_threads}), the main thread first. */
    List<Long> threads();

    /** The calling thread's port ({@code mach_thread_self}); it is never suspended. */
    long self();

    boolean suspend(long thread);

    void resume(long thread);

    /** {@code thread_get_state} with the architecture's flavor. */
    Optional<ThreadState> state(long thread);

    /** The pthread name, when set. */
    Optional<String> name(long thread);

    /** A stable id for reports ({@code THREAD_IDENTIFIER_INFO.thread_id}). */
    long id(long thread);

    /** Gives back the port right {@link #threads()} handed out ({@code mach_port_deallocate}). */
    void release(long thread);
}
