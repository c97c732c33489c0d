package com.nacosx.config.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * conf/derby.properties, which Derby reads from its system home (the server's conf/), names a
 * module Derby has for the service it replaces: a wrong name would only be found at a user's start.
 */
class DerbyPropertiesTest {

    @Test
    void theManagementModuleIsDerbysNoOpOne() throws Exception {
        Properties derby = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("../conf/derby.properties"))) {
            derby.load(in);
        }
        String module = derby.getProperty("derby.module.mgmt.jmx");
        Class<?> service = Class.forName("org.apache.derby.iapi.services.jmx.ManagementService");
        assertTrue(service.isAssignableFrom(Class.forName(module)), module);
        assertEquals(1, derby.size(), "only the settings this test knows of");
    }
}
