/**
 * Apple MetricKit JSON as crash-report input: one report per diagnostic.
 *
 * <h2>Shapes (told by content, {@code formats.ReportFormats})</h2>
 * <ul>
 *   <li>an {@code MXDiagnosticPayload}'s {@code jsonRepresentation}: {@code timeStampBegin},
 *       {@code timeStampEnd} and arrays {@code crashDiagnostics}, {@code hangDiagnostics},
 *       {@code cpuExceptionDiagnostics}, {@code diskWriteExceptionDiagnostics}, {@code appLaunchDiagnostics}
 *       (and any later {@code ...Diagnostics} array); its reports are named {@code crashDiagnostics[0]} ...
 *       in key order, then array order;</li>
 *   <li>a JSON array of payloads (what a subscriber receives, {@code [MXDiagnosticPayload]}): parts named
 *       {@code [2].crashDiagnostics[0]};</li>
 *   <li>one diagnostic's {@code jsonRepresentation} ({@code callStackTree}, {@code diagnosticMetaData});</li>
 *   <li>an {@code MXCallStackTree}'s own {@code jsonRepresentation} ({@code callStacks},
 *       {@code callStackPerThread}).</li>
 * </ul>
 *
 * <h2>Which end of a stack is the leaf</h2>
 * A call stack's {@code callStackRootFrames} hold the <em>innermost</em> frame (where the thread was: the
 * crashing instruction, the blocking system call) and each {@code subFrames} goes one call outwards, to
 * the caller. The evidence: sentry-cocoa's real payload {@code Tests/Resources/MetricKitCallstacks/tree-real.json}
 * (getsentry/sentry-cocoa, commit c34c99b97b11, copied to {@code testdata/third-party/sentry-cocoa/}): of its
 * 16 per-thread stacks, the attributed one (the main thread) ends at {@code dyld} after the run loop
 * ({@code CoreFoundation}, {@code GraphicsServices}, {@code UIKitCore}) and the app's own {@code main}; the
 * other multi-frame ones start in {@code libsystem_kernel.dylib} (system calls) and end in
 * {@code libsystem_pthread.dylib} (thread start); eight are a single {@code libsystem_pthread.dylib} frame
 * (idle workers). The attributed one
 * starts in the Sentry SDK's crash trigger called from the app. So the root frame is the thread's PC
 * (looked up exactly) and every frame below it a return address (looked up one byte earlier), as frame 0
 * and frames 1.. of an {@code .ips} thread. sentry-cocoa's own conversion
 * ({@code Sources/Swift/Core/MetricKit/SentryMXCallStackTree+Parsing.swift}, {@code toSamples}) also walks
 * root first down the heaviest samples, and its per-thread test trees keep that shape.
 *
 * <h2>Threads</h2>
 * <ul>
 *   <li>{@code callStackPerThread: true}: one thread per call stack, its id the stack's index, crashed when
 *       {@code threadAttributed}. A stack is normally one chain; when it branches (a hang's samples of one
 *       thread) or has several roots, the thread is its heaviest path: from the root of greatest
 *       {@code sampleCount}, at each step the heaviest subframe (ties: the first), as sentry-cocoa's "most
 *       sampled stack".</li>
 *   <li>{@code callStackPerThread: false}: an aggregated sample tree (CPU and disk-write exceptions) whose
 *       samples came from any thread. Each root frame gives one path, heaviest subframe at each step;
 *       distinct paths (by addresses) become threads, heaviest root first, at most
 *       {@value CallTreeModel#MAX_SAMPLED_PATHS}, named {@code sampled path 1 (N samples)} with N the root's
 *       {@code sampleCount}. Real aggregated trees were not available to check their orientation; they are
 *       read as the same {@code MXCallStackTree} format, root innermost. The whole tree stays in the
 *       document ({@link dev.crashkit.symbolicate.report.metrickit.MetricKitDocument#callStackTree()}).</li>
 * </ul>
 *
 * <h2>Images</h2>
 * One per distinct ({@code binaryUUID}, {@code binaryName}); load address = {@code address -
 * offsetIntoBinaryTextSegment} of its first frame where the offset fits (MetricKit's offset is from the
 * start of the image's {@code __TEXT} segment, which is its Mach-O header: sentry-cocoa computes the image
 * address the same way). A frame whose offset exceeds its address gives no load address, and a frame
 * whose load address disagrees with its image's is kept; both are noted in
 * {@link dev.crashkit.symbolicate.report.metrickit.MetricKitDocument#warnings()}. The arch is the metadata's
 * {@code platformArchitecture}.
 *
 * <h2>Bounds</h2>
 * Frames are counted by a streaming pass before any tree is built (over the limit: one line naming
 * {@code --max-frames}); JSON nesting is limited to {@value MetricKitJson#MAX_NESTING} levels (about 2,000
 * frames deep), deeper input is refused with one line; every walk of a tree is a loop, not recursion.
 */
package dev.crashkit.symbolicate.report.metrickit;
