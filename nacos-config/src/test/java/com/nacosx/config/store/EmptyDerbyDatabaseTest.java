package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's empty database opens as a database of its own wherever it is copied, holds the Nacos
 * tables and no rows, and a copy never replaces a database a node already has.
 */
class EmptyDerbyDatabaseTest {

    @TempDir
    static Path work;
    static Path template;

    @BeforeAll
    static void makeTheTemplate() throws Exception {
        template = work.resolve("derby-empty");
        EmptyDerbyDatabase.main(new String[] {template.toString()});
    }

    @Test
    void aCopyOpensWithTheTablesAndNoRowsAndTakesWrites() throws Exception {
        Path dir = work.resolve("home-a/data/derby-data");
        Files.createDirectories(dir.getParent());

        assertTrue(EmptyDerbyDatabase.copyIfAbsent(template, dir));

        assertFalse(Files.exists(dir.resolveSibling("derby-data.copying")), "renamed into place");
        try (Connection connection = DriverManager.getConnection("jdbc:derby:" + dir);
                Statement statement = connection.createStatement()) {
            assertEquals(0, count(statement, "config_info"));
            assertEquals(0, count(statement, "his_config_info"));
            assertEquals(0, count(statement, "config_info_gray"));
            assertEquals(DerbySchemaTest.columns(connection, "config_info"), columnsOfANewDatabase("config_info"));
            statement.execute("INSERT INTO config_info (data_id, group_id, tenant_id, content, md5) "
                    + "VALUES ('copied.properties', 'DEFAULT_GROUP', '', 'k=v', 'x')");
        }
        assertNull(DerbyDataSource.shutDown("jdbc:derby:" + dir + ";shutdown=true"));
        try (Connection again = DriverManager.getConnection("jdbc:derby:" + dir);
                Statement statement = again.createStatement()) {
            assertEquals(1, count(statement, "config_info"), "the write outlived the database's restart");
        }
        assertNull(DerbyDataSource.shutDown("jdbc:derby:" + dir + ";shutdown=true"));
        try (Connection original = DriverManager.getConnection("jdbc:derby:" + template);
                Statement statement = original.createStatement()) {
            assertEquals(0, count(statement, "config_info"), "the copy is a database of its own");
        }
        assertNull(DerbyDataSource.shutDown("jdbc:derby:" + template + ";shutdown=true"));
    }

    @Test
    void aDatabaseTheNodeHasIsLeftAsItIs() throws Exception {
        Path dir = work.resolve("home-b/data/derby-data");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("mine"), "kept");

        assertFalse(EmptyDerbyDatabase.copyIfAbsent(template, dir));

        assertEquals("kept", Files.readString(dir.resolve("mine")));
        assertFalse(Files.exists(dir.resolve("service.properties")));
    }

    @Test
    void withoutThePackagesCopyDerbyCreatesTheDatabase() throws Exception {
        Path dir = work.resolve("home-c/data/derby-data");
        Files.createDirectories(dir.getParent());

        assertFalse(EmptyDerbyDatabase.copyIfAbsent(work.resolve("no-such-template"), dir));

        assertFalse(Files.exists(dir));
    }

    @Test
    void aCopyAStartLeftHalfDoneIsReplaced() throws Exception {
        Path dir = work.resolve("home-d/data/derby-data");
        Path halfDone = dir.resolveSibling("derby-data.copying");
        Files.createDirectories(halfDone.resolve("seg0"));
        Files.writeString(halfDone.resolve("seg0/c10.dat"), "cut short");

        assertTrue(EmptyDerbyDatabase.copyIfAbsent(template, dir));

        assertEquals(Files.size(template.resolve("seg0/c10.dat")), Files.size(dir.resolve("seg0/c10.dat")));
        try (Connection connection = DriverManager.getConnection("jdbc:derby:" + dir);
                Statement statement = connection.createStatement()) {
            assertEquals(0, count(statement, "config_info"));
        }
        assertNull(DerbyDataSource.shutDown("jdbc:derby:" + dir + ";shutdown=true"));
    }

    @Test
    void aCopyThatFailsLeavesNothingBehind() throws Exception {
        Path dir = work.resolve("home-e/data/derby-data");
        Files.createDirectories(dir.getParent());
        Path unreadable = work.resolve("unreadable-template");
        Files.createDirectories(unreadable.resolve("seg0"));
        Files.writeString(unreadable.resolve("service.properties"), "derby.serviceProtocol=x");
        Files.createSymbolicLink(unreadable.resolve("seg0/c10.dat"), unreadable.resolve("seg0/gone"));

        assertThrows(IOException.class, () -> EmptyDerbyDatabase.copyIfAbsent(unreadable, dir));

        assertFalse(Files.exists(dir));
        assertFalse(Files.exists(dir.resolveSibling("derby-data.copying")));
    }

    private static List<String> columnsOfANewDatabase(String table) throws Exception {
        try (Connection connection = DerbySchemaTest.open("new")) {
            DerbySchema.prepare(connection);
            return DerbySchemaTest.columns(connection, table);
        }
    }

    private static int count(Statement statement, String table) throws SQLException {
        try (ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rows.next();
            return rows.getInt(1);
        }
    }
}
