package com.nacosx.core.readiness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compiler threads are told from the others by the names the kernel keeps of them. */
class CompilerPriorityTest {

    @Test
    void findsTheCompilerThreadsByName(@TempDir Path tasks) throws Exception {
        Map<String, String> names = Map.of("101", "C2 CompilerThre\n", "102", "C1 CompilerThre\n", "103", "main\n",
                "104", "Common-Cleaner\n");
        for (Map.Entry<String, String> thread : names.entrySet()) {
            Files.createDirectories(tasks.resolve(thread.getKey()));
            Files.writeString(tasks.resolve(thread.getKey()).resolve("comm"), thread.getValue());
        }
        Files.createDirectories(tasks.resolve("105"));

        assertEquals(List.of("101", "102"), CompilerPriority.compilerThreads(tasks).stream().sorted().toList());
    }

    @Test
    void thisJvmsCompilerThreadsAreFound() throws Exception {
        assertFalse(CompilerPriority.compilerThreads(Path.of("/proc/self/task")).isEmpty(),
                "HotSpot's compiler threads under /proc/self/task");
    }
}
