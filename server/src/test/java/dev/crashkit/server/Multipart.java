package dev.crashkit.server;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** A multipart/form-data body for the tests, built part by part. */
final class Multipart {
    final String boundary;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Multipart(String boundary) {
        this.boundary = boundary;
    }

    String contentType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    Multipart part(String name, String filename, String contentType, byte[] content) {
        StringBuilder h = new StringBuilder("--").append(boundary).append("\r\n")
                .append("Content-Disposition: form-data; name=\"").append(name).append('"');
        if (filename != null) {
            h.append("; filename=\"").append(filename).append('"');
        }
        h.append("\r\n");
        if (contentType != null) {
            h.append("Content-Type: ").append(contentType).append("\r\n");
        }
        h.append("\r\n");
        out.writeBytes(h.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
        return this;
    }

    byte[] body() {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.writeBytes(out.toByteArray());
        all.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return all.toByteArray();
    }

    /** The parts without the closing boundary: a body cut off. */
    byte[] truncated() {
        return out.toByteArray();
    }
}
