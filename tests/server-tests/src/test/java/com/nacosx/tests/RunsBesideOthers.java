package com.nacosx.tests;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A test class whose standalone server is its own and that shares nothing else (no database, no
 * cluster, no clock it measures): it runs beside the classes that start clusters, whose time is
 * mostly spent waiting for them to agree, so the module takes minutes less on two cores.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@interface RunsBesideOthers {
}
