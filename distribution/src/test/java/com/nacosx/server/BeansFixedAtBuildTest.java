package com.nacosx.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotationMetadata;

/**
 * The server starts on bean definitions its build worked out ahead of time (Spring's AOT
 * processing, bin/startup.sh's {@code -Dspring.aot.enabled=true}), where every condition was
 * judged once, on the build's settings. A bean that came and went with a setting read at start
 * (the storage, the mode, a profile) would then be there or missing whatever the node's
 * configuration says: a component decides at run time instead (as RaftStateMachine#replicated).
 */
class BeansFixedAtBuildTest {

    @Test
    void noComponentOrBeanMethodHangsOnACondition() {
        ClassPathScanningCandidateComponentProvider scan = new ClassPathScanningCandidateComponentProvider(false);
        String conditional = Conditional.class.getName();
        scan.addIncludeFilter((reader, factory) -> {
            AnnotationMetadata type = reader.getAnnotationMetadata();
            return type.isAnnotated(conditional) || !type.getAnnotatedMethods(conditional).isEmpty();
        });
        Set<String> conditioned = new TreeSet<>();
        for (BeanDefinition candidate : scan.findCandidateComponents("com.nacosx")) {
            conditioned.add(candidate.getBeanClassName());
        }
        assertEquals(Set.of(), conditioned, "classes whose beans depend on a condition (@Conditional, @Profile...)");
    }
}
