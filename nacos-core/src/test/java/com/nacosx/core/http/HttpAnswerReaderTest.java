package com.nacosx.core.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HttpAnswerReaderTest {

    private static final String FIRST = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
            + "content-LENGTH: 21\r\n\r\nserver is starting...";
    private static final String EMPTY = "HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n";
    private static final String LONG_BODY = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n" + "x".repeat(100);
    private static final String LAST = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ndone";

    @Test
    void readsEachAnswerToItsEndWhateverTheChunksTheBytesArriveIn() throws IOException {
        byte[] wire = (FIRST + EMPTY + LONG_BODY + LAST + "HTTP").getBytes(StandardCharsets.US_ASCII);
        for (int chunk = 1; chunk <= wire.length; chunk++) {
            InputStream in = inChunksOf(wire, chunk);
            HttpAnswerReader reader = new HttpAnswerReader(in, 128);
            for (int answer = 0; answer < 4; answer++) {
                reader.skipAnswer();
            }
            // Only the first bytes of a fifth answer are left, then the connection ends.
            IOException error = assertThrows(IOException.class, reader::skipAnswer, "chunks of " + chunk);
            assertEquals("connection closed mid-answer", error.getMessage());
        }
    }

    @Test
    void aHeadLongerThanTheBufferIsAnError() {
        byte[] wire = ("HTTP/1.1 200 OK\r\nX-Long: " + "y".repeat(200) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        HttpAnswerReader reader = new HttpAnswerReader(new ByteArrayInputStream(wire), 128);
        IOException error = assertThrows(IOException.class, reader::skipAnswer);
        assertEquals("an answer's head is longer than 128 bytes", error.getMessage());
    }

    /** The bytes of {@code wire}, at most {@code chunk} of them per read, as a socket hands them over. */
    private static InputStream inChunksOf(byte[] wire, int chunk) {
        return new FilterInputStream(new ByteArrayInputStream(wire)) {
            @Override
            public int read(byte[] into, int offset, int length) throws IOException {
                return super.read(into, offset, Math.min(length, chunk));
            }
        };
    }
}
