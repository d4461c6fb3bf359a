package dev.crashkit.symbolicate.report.plcrash;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The fields of one protobuf message, read with protobuf-java's {@link CodedInputStream} and no
 * generated code: scalars as {@code Long}, length-delimited values as {@code byte[]} (nested
 * messages are parsed on demand with {@link #message}).
 */
final class ProtoFields {

    private final Map<Integer, List<Object>> fields;

    private ProtoFields(Map<Integer, List<Object>> fields) {
        this.fields = fields;
    }

    static ProtoFields parse(byte[] data, int offset, int length) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(data, offset, length);
        Map<Integer, List<Object>> fields = new LinkedHashMap<>();
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                return new ProtoFields(fields);
            }
            int number = WireFormat.getTagFieldNumber(tag);
            Object value = switch (WireFormat.getTagWireType(tag)) {
                case WireFormat.WIRETYPE_VARINT -> in.readUInt64();
                case WireFormat.WIRETYPE_FIXED64 -> in.readFixed64();
                case WireFormat.WIRETYPE_FIXED32 -> (long) in.readFixed32() & 0xFFFF_FFFFL;
                case WireFormat.WIRETYPE_LENGTH_DELIMITED -> in.readByteArray();
                default -> {
                    // Groups are not used by PLCrashReport.proto; anything else is corrupt data.
                    throw new InvalidProtocolBufferException("unsupported wire type "
                            + WireFormat.getTagWireType(tag) + " for field " + number);
                }
            };
            fields.computeIfAbsent(number, k -> new ArrayList<>()).add(value);
        }
    }

    static ProtoFields parse(byte[] data) throws IOException {
        return parse(data, 0, data.length);
    }

    /** The last value of a scalar field (protobuf: last one wins). */
    OptionalLong varint(int number) {
        List<Object> v = fields.get(number);
        if (v == null) {
            return OptionalLong.empty();
        }
        Object last = v.get(v.size() - 1);
        return last instanceof Long l ? OptionalLong.of(l) : OptionalLong.empty();
    }

    Optional<byte[]> bytes(int number) {
        List<Object> v = fields.get(number);
        if (v == null) {
            return Optional.empty();
        }
        Object last = v.get(v.size() - 1);
        return last instanceof byte[] b ? Optional.of(b) : Optional.empty();
    }

    /** A string field; a trailing NUL some writers include is dropped. */
    Optional<String> string(int number) {
        return bytes(number).map(b -> {
            String s = new String(b, StandardCharsets.UTF_8);
            int nul = s.indexOf('\0');
            return nul >= 0 ? s.substring(0, nul) : s;
        });
    }

    Optional<ProtoFields> message(int number) throws IOException {
        Optional<byte[]> b = bytes(number);
        return b.isPresent() ? Optional.of(parse(b.get())) : Optional.empty();
    }

    List<ProtoFields> messages(int number) throws IOException {
        List<ProtoFields> out = new ArrayList<>();
        for (Object o : fields.getOrDefault(number, List.of())) {
            if (!(o instanceof byte[] b)) {
                throw new InvalidProtocolBufferException("field " + number + " is not a message");
            }
            out.add(parse(b));
        }
        return out;
    }
}
