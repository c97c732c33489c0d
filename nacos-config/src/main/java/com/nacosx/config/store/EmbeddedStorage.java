package com.nacosx.config.store;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when the configs live in the embedded Derby (no {@code spring.sql.init.platform=mysql}). */
public class EmbeddedStorage implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return DataSourceSettings.from(context.getEnvironment()).dialect() == SqlDialect.DERBY;
    }
}
