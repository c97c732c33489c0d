package com.nacosx.config.store;

import java.io.Reader;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.springframework.jdbc.core.SqlTypeValue;
import org.springframework.jdbc.core.StatementCreatorUtils;
import org.springframework.jdbc.core.support.SqlCharacterValue;

/**
 * A config's content as a statement parameter: a character stream over the text, not the text.
 * Given a String, Derby copies a CLOB into its row a character at a time; given a stream, it reads
 * it in blocks. Measured in process on Derby 10.16, a 10 MB content (each publish writes it twice,
 * into the row and the history) is stored in 0.08-0.14 s against 0.78 s, and 20,000 of 1 KB in 0.36 s
 * against 0.58 s. The stream is {@link TextReader}, not a StringReader, whose lock on every
 * character Derby reads made it 0.30 s. MySQL's driver takes either alike.
 */
final class ContentParam {

    private ContentParam() {
    }

    /** The content as a {@code JdbcTemplate} argument. */
    static Object of(String content) {
        return content == null ? null : new SqlCharacterValue(new TextReader(content), content.length());
    }

    static void bind(PreparedStatement statement, int index, String content) throws SQLException {
        StatementCreatorUtils.setParameterValue(statement, index, SqlTypeValue.TYPE_UNKNOWN, of(content));
    }

    /** Reads a String once, from one thread, without the lock StringReader takes on every read. */
    static final class TextReader extends Reader {

        private final String text;
        private int next;

        TextReader(String text) {
            this.text = text;
        }

        @Override
        public int read() {
            return next < text.length() ? text.charAt(next++) : -1;
        }

        @Override
        public int read(char[] buffer, int offset, int length) {
            if (next >= text.length()) {
                return -1;
            }
            int count = Math.min(length, text.length() - next);
            text.getChars(next, next + count, buffer, offset);
            next += count;
            return count;
        }

        @Override
        public void close() {
            // Nothing to release: the text stays with its owner.
        }
    }
}
