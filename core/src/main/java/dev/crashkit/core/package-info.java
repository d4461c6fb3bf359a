/**
 * crashkit-core: what the capture library and the symbolicator share, and nothing else. This root
 * package holds the checked exception hierarchy ({@link dev.crashkit.core.CrashkitException} and its
 * subclasses, one per kind of bad input) and the {@link dev.crashkit.core.Diagnostics} sink for
 * recoverable problems.
 *
 * <p>Packages, dependencies pointing one way: this root ← {@code model} ← {@code crashreport}
 * (crashreport/1 JSON), {@code model} ← {@code unwind} (CFI unwinder). Core's only dependency is
 * jackson-core (streaming JSON); it never sees Kaitai, protobuf, Commons Compress, picocli or
 * jackson-databind.
 */
package dev.crashkit.core;
