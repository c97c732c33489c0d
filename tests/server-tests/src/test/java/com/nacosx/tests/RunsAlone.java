package com.nacosx.tests;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A test class that loads the machine or judges how long something takes: nothing runs beside it,
 * so that neither its figures nor another class's waits depend on the other.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Isolated
@interface RunsAlone {
}
