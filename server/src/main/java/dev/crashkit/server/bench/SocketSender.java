package dev.crashkit.server.bench;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * One client thread's HTTP/1.1 connection, kept alive between its requests (as an SDK's HTTP stack keeps
 * one): each POST is the request line, four headers and the body, written at once; the answer is read
 * by its {@code Content-Length} or its chunks. A connection the server closed is opened again before the
 * next request (never within one: a POST is not re-sent). Only for the bench: answers larger than 1 MiB or
 * headers longer than 16 KiB are refused as broken.
 */
final class SocketSender implements Burst.Sender {
    private static final int MAX_HEADER = 16 * 1024;
    private static final int MAX_BODY = 1 << 20;

    private final InetSocketAddress address;
    private final byte[] head;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    SocketSender(int port, Optional<String> token) {
        this.address = new InetSocketAddress("127.0.0.1", port);
        this.head = ("POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nContent-Type: application/json\r\n"
                + token.map(t -> "Authorization: Bearer " + t + "\r\n").orElse("")).getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public Burst.Answer post(String clientId, byte[] body) throws IOException {
        if (socket == null) {
            socket = new Socket();
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(60_000);
            socket.connect(address, 5000);
            in = new BufferedInputStream(socket.getInputStream(), 8192);
            out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
        }
        try {
            out.write(head);
            out.write(("X-Crashkit-Report-Id: " + clientId + "\r\nContent-Length: " + body.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            return answer();
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private Burst.Answer answer() throws IOException {
        String status = line();
        if (!status.startsWith("HTTP/1.1 ") || status.length() < 12) {
            throw new IOException("not an HTTP/1.1 answer: " + status);
        }
        int code = Integer.parseInt(status.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean closes = false;
        int headerBytes = 0;
        for (String h = line(); !h.isEmpty(); h = line()) {
            headerBytes += h.length();
            if (headerBytes > MAX_HEADER) {
                throw new IOException("answer headers longer than " + MAX_HEADER + " bytes");
            }
            int colon = h.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = h.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = h.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> closes = value.equalsIgnoreCase("close");
                default -> { }
            }
        }
        byte[] body = chunked ? chunks() : length >= 0 ? exactly(length) : untilClosed();
        if (closes || (!chunked && length < 0)) {
            close();
        }
        return new Burst.Answer(code, new String(body, StandardCharsets.UTF_8));
    }

    private byte[] chunks() throws IOException {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        while (true) {
            String size = line();
            int semicolon = size.indexOf(';');
            long n = Long.parseLong((semicolon < 0 ? size : size.substring(0, semicolon)).trim(), 16);
            if (n == 0) {
                while (!line().isEmpty()) {
                    // trailers: none expected, skipped
                }
                return all.toByteArray();
            }
            all.write(exactly(n));
            line();
            if (all.size() > MAX_BODY) {
                throw new IOException("answer longer than " + MAX_BODY + " bytes");
            }
        }
    }

    private byte[] exactly(long n) throws IOException {
        if (n < 0 || n > MAX_BODY) {
            throw new IOException("answer length " + n + " out of range");
        }
        byte[] b = in.readNBytes((int) n);
        if (b.length != n) {
            throw new IOException("connection closed within the answer");
        }
        return b;
    }

    private byte[] untilClosed() throws IOException {
        byte[] b = in.readNBytes(MAX_BODY + 1);
        if (b.length > MAX_BODY) {
            throw new IOException("answer longer than " + MAX_BODY + " bytes");
        }
        return b;
    }

    /** One header line without its CRLF. */
    private String line() throws IOException {
        StringBuilder s = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed within the answer's headers");
            }
            if (b == '\n') {
                int end = s.length();
                return end > 0 && s.charAt(end - 1) == '\r' ? s.substring(0, end - 1) : s.toString();
            }
            if (s.length() >= MAX_HEADER) {
                throw new IOException("answer header line longer than " + MAX_HEADER + " bytes");
            }
            s.append((char) b);
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a loopback connection of the bench: nothing to do about it
            }
            socket = null;
        }
    }
}
