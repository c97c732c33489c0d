package com.nacosx.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/**
 * Bytes on a socket, for requests no well-behaved client would send: bad framing, partial heads,
 * slow bodies. The answer is what the server wrote until it closed the connection or until the
 * time ran out.
 */
public final class RawHttp implements AutoCloseable {

    private final Socket socket;

    private RawHttp(int port) throws IOException {
        this.socket = new Socket(InetAddress.getLoopbackAddress(), port);
    }

    public static RawHttp open(int port) {
        try {
            return new RawHttp(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends {@code request} on a new connection and reads until the server closes it or {@code wait} ends. */
    public static Answer exchange(int port, String request, Duration wait) {
        try (RawHttp connection = open(port)) {
            connection.send(request);
            return connection.read(wait);
        }
    }

    public RawHttp send(String bytes) {
        return send(bytes.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawHttp send(byte[] bytes) {
        try {
            OutputStream out = socket.getOutputStream();
            out.write(bytes);
            out.flush();
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What the server sends within {@code wait}, and whether it closed the connection. */
    public Answer read(Duration wait) {
        return read(wait, false);
    }

    /**
     * Reads one whole response (head and a body of its Content-Length), then returns without
     * waiting for more; {@code wait} bounds a response that does not come.
     */
    public Answer readResponse(Duration wait) {
        return read(wait, true);
    }

    private Answer read(Duration wait, boolean oneResponse) {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        long deadline = System.nanoTime() + Patience.of(wait).toNanos();
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[8192];
            while (System.nanoTime() < deadline) {
                socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                int n;
                try {
                    n = in.read(buffer);
                } catch (SocketTimeoutException stillOpen) {
                    break;
                } catch (IOException reset) {
                    return new Answer(received.toString(StandardCharsets.ISO_8859_1), true);
                }
                if (n < 0) {
                    return new Answer(received.toString(StandardCharsets.ISO_8859_1), true);
                }
                received.write(buffer, 0, n);
                if (oneResponse && isWholeResponse(received.toString(StandardCharsets.ISO_8859_1))) {
                    break;
                }
            }
            return new Answer(received.toString(StandardCharsets.ISO_8859_1), false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isWholeResponse(String text) {
        int headEnd = text.indexOf("\r\n\r\n");
        if (headEnd < 0) {
            return false;
        }
        String head = text.substring(0, headEnd).toLowerCase(Locale.ROOT);
        int at = head.indexOf("content-length:");
        if (at < 0) {
            return true;
        }
        int lineEnd = head.indexOf("\r\n", at);
        int length = Integer.parseInt(head.substring(at + 15, lineEnd < 0 ? head.length() : lineEnd).trim());
        return text.length() - headEnd - 4 >= length;
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a socket the server may have closed already
        }
    }

    /**
     * @param text   what the server wrote
     * @param closed whether it closed the connection
     */
    public record Answer(String text, boolean closed) {

        /** The status code of the first response, or 0 when there was none. */
        public int status() {
            if (!text.startsWith("HTTP/1.1 ")) {
                return 0;
            }
            return Integer.parseInt(text.substring(9, 12));
        }
    }
}
