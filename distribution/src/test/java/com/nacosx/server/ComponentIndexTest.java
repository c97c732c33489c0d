package com.nacosx.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.stereotype.Component;

/**
 * The server finds its beans in the components' index that each module writes at build time
 * (META-INF/spring.components), not by reading every class file at start. Once one index is on
 * the class path Spring reads no class file to find components, so a module that had components
 * but wrote no index would lose them all without a word: the index must name what a scan finds.
 */
class ComponentIndexTest {

    private static final String PACKAGE = "com.nacosx";

    @Test
    void theIndexNamesEveryComponentAndConfigurationPropertiesClassAScanFinds() {
        ClassPathScanningCandidateComponentProvider fromIndex = new ClassPathScanningCandidateComponentProvider(true);
        fromIndex.addIncludeFilter(new AnnotationTypeFilter(ConfigurationProperties.class));
        // Spring reads the index only for the filters it can answer: one of our own makes it scan.
        ClassPathScanningCandidateComponentProvider scan = new ClassPathScanningCandidateComponentProvider(false);
        scan.addIncludeFilter(componentOrConfigurationProperties());

        Set<String> scanned = classNames(scan);
        assertTrue(scanned.size() > 150, "the scan found the server's components: " + scanned.size());
        assertEquals(scanned, classNames(fromIndex), "a module with components must depend on spring-context-indexer");
    }

    private static TypeFilter componentOrConfigurationProperties() {
        return (reader, factory) -> {
            AnnotationMetadata type = reader.getAnnotationMetadata();
            return type.hasAnnotation(Component.class.getName()) || type.hasMetaAnnotation(Component.class.getName())
                    || type.hasAnnotation(ConfigurationProperties.class.getName());
        };
    }

    private static Set<String> classNames(ClassPathScanningCandidateComponentProvider scanner) {
        Set<String> names = new TreeSet<>();
        for (BeanDefinition candidate : scanner.findCandidateComponents(PACKAGE)) {
            names.add(candidate.getBeanClassName());
        }
        return names;
    }
}
