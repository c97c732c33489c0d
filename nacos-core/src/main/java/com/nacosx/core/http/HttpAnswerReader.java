package com.nacosx.core.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads HTTP/1.1 answers off one connection and drops them: a head up to its blank line, then as
 * many body bytes as its Content-Length says. The warm-up reads thousands of answers at the start,
 * when every loop here is interpreted or compiled anew: it scans a byte buffer, instead of reading
 * byte by byte into a string, so that the JIT compiles a small loop (reading a char at a time
 * through a StringBuilder cost ~0.4 s of C2 time at every start).
 */
final class HttpAnswerReader {

    private static final byte[] CONTENT_LENGTH = "content-length:".getBytes(StandardCharsets.US_ASCII);

    private final InputStream in;
    private final byte[] buffer;
    private int start;
    private int end;

    HttpAnswerReader(InputStream in, int bufferSize) {
        this.in = in;
        this.buffer = new byte[bufferSize];
    }

    /** Reads one whole answer. */
    void skipAnswer() throws IOException {
        int headEnd = awaitHeadEnd();
        long bodyLeft = contentLength(start, headEnd);
        start = headEnd;
        while (bodyLeft > 0) {
            if (start == end) {
                fill();
            }
            int taken = (int) Math.min(bodyLeft, end - start);
            start += taken;
            bodyLeft -= taken;
        }
    }

    /**
     * The index just past the head's blank line, reading until the buffer holds it. The scan goes
     * on from an offset from {@code start}, which {@link #fill} keeps as it moves the unread bytes.
     */
    private int awaitHeadEnd() throws IOException {
        for (int offset = 3; true; offset++) {
            while (start + offset >= end) {
                fill();
            }
            int i = start + offset;
            if (buffer[i] == '\n' && buffer[i - 1] == '\r' && buffer[i - 2] == '\n' && buffer[i - 3] == '\r') {
                return i + 1;
            }
        }
    }

    /** Reads more bytes, first moving what is unread to the front of the buffer. */
    private void fill() throws IOException {
        if (start > 0) {
            System.arraycopy(buffer, start, buffer, 0, end - start);
            end -= start;
            start = 0;
        }
        if (end == buffer.length) {
            throw new IOException("an answer's head is longer than " + buffer.length + " bytes");
        }
        int read = in.read(buffer, end, buffer.length - end);
        if (read < 0) {
            throw new IOException("connection closed mid-answer");
        }
        end += read;
    }

    /** The Content-Length the head between {@code from} and {@code to} names, 0 when it names none. */
    private long contentLength(int from, int to) {
        for (int line = from; line < to; line = nextLine(line, to)) {
            if (startsIgnoringCase(line, to)) {
                long length = 0;
                for (int i = line + CONTENT_LENGTH.length; i < to && buffer[i] != '\r'; i++) {
                    if (buffer[i] >= '0' && buffer[i] <= '9') {
                        length = length * 10 + buffer[i] - '0';
                    }
                }
                return length;
            }
        }
        return 0;
    }

    private int nextLine(int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer[i] == '\n') {
                return i + 1;
            }
        }
        return to;
    }

    private boolean startsIgnoringCase(int from, int to) {
        if (to - from < CONTENT_LENGTH.length) {
            return false;
        }
        for (int i = 0; i < CONTENT_LENGTH.length; i++) {
            if (Character.toLowerCase(buffer[from + i]) != CONTENT_LENGTH[i]) {
                return false;
            }
        }
        return true;
    }
}
