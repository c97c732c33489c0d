package com.nacosx.tests;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test class that starts a cluster or stands in for official 1.4.8 nodes: such classes run one
 * after another, each beside the classes with a standalone server of their own. Those run side by
 * side by default (see the surefire configuration), the ones on the shared MariaDB one at a time
 * ({@code @ResourceLock(MariaDb.LOCK)}): two cores then spend the minutes a cluster takes to agree
 * on something useful.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.SAME_THREAD)
@interface OneAtATime {
}
