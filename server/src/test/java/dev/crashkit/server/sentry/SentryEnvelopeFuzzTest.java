package dev.crashkit.server.sentry;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.crashkit.testkit.NoThrowFuzzContract;

/**
 * The envelope parser and the body decoder on untrusted bytes: either an envelope whose items fit in the
 * input (payloads never add up to more bytes than it has, at most {@link SentryEnvelope#MAX_ITEMS} items), or
 * {@link SentryEnvelope.BadEnvelope} / {@link ContentEncodings.BadEncoding} / {@link ContentEncodings.TooLarge}
 * with a one-line message; nothing else escapes, within the CPU and allocation budget (FUZZING.md). The same
 * bytes are also read as a gzip and as a deflate body (decoded size limited to 1 MiB) and the result parsed.
 */
class SentryEnvelopeFuzzTest {
    private static final long DECODED_LIMIT = 1 << 20;
    /** A Jackson tree per header line and the payload copies; the decoders' output up to 1 MiB, twice. */
    private static final long FIXED_BYTES = 16L << 20;
    private static final long PER_INPUT_BYTE = 256;

    @DictionaryFile(resourcePath = "/dev/crashkit/server/sentry/envelope.dict")
    @FuzzTest
    void parse(byte[] input) {
        NoThrowFuzzContract.check(input.length, FIXED_BYTES, PER_INPUT_BYTE, () -> {
            parseChecked(input);
            for (String encoding : new String[] {"gzip", "deflate"}) {
                try {
                    parseChecked(ContentEncodings.decode(input, encoding, DECODED_LIMIT, bytes -> {
                        if (bytes > DECODED_LIMIT) {
                            NoThrowFuzzContract.fail("decoded " + bytes + " bytes past the limit");
                        }
                    }));
                } catch (ContentEncodings.BadEncoding | ContentEncodings.TooLarge e) {
                    requireOneLine(e.getMessage());
                }
            }
        });
    }

    private static void parseChecked(byte[] input) {
        try {
            SentryEnvelope e = SentryEnvelope.parse(input);
            long payloads = 0;
            for (SentryEnvelope.Item item : e.items()) {
                payloads += item.payload().length;
                item.type();
                item.attachmentType();
            }
            if (payloads > input.length || e.items().size() > SentryEnvelope.MAX_ITEMS) {
                NoThrowFuzzContract.fail(e.items().size() + " items, " + payloads + " payload bytes from "
                        + input.length + " input bytes");
            }
            e.eventId();
            e.dsn().flatMap(SentryAuth::keyOfDsn);
        } catch (SentryEnvelope.BadEnvelope e) {
            requireOneLine(e.getMessage());
        }
    }

    private static void requireOneLine(String message) {
        if (message == null || message.isBlank() || message.indexOf('\n') >= 0 || message.indexOf('\r') >= 0) {
            NoThrowFuzzContract.fail("the error must be one non-empty line, got: \"" + message + '"');
        }
    }
}
