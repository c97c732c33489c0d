package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** Content written as a stream reads back as it was, whatever its size and characters. */
class ContentParamTest {

    @Test
    void theReaderGivesEveryCharacterOnceWhicheverWayItIsRead() throws IOException {
        ContentParam.TextReader reader = new ContentParam.TextReader("ab\uD83D\uDE00cd");
        assertEquals('a', reader.read());
        char[] buffer = new char[3];
        assertEquals(3, reader.read(buffer, 0, 3));
        assertEquals("b\uD83D\uDE00", new String(buffer));
        assertEquals(2, reader.read(buffer, 1, 2));
        assertEquals("bcd", new String(buffer));
        assertEquals(-1, reader.read());
        assertEquals(-1, reader.read(buffer, 0, 3));
    }

    @Test
    void contentOfAnySizeIsStoredAsGiven() throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:derby:memory:content" + System.nanoTime()
                + ";create=true"); Statement statement = db.createStatement()) {
            statement.execute("CREATE TABLE t (id INT, content CLOB)");
            String[] contents = {"", "k=v", "\u670d\u52a1: \uD83D\uDE80\n".repeat(200_000), null};
            for (int i = 0; i < contents.length; i++) {
                try (PreparedStatement insert = db.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                    insert.setInt(1, i);
                    ContentParam.bind(insert, 2, contents[i]);
                    insert.executeUpdate();
                }
                try (ResultSet row = statement.executeQuery("SELECT content FROM t WHERE id = " + i)) {
                    row.next();
                    assertEquals(contents[i], row.getString(1));
                }
            }
        }
    }
}
