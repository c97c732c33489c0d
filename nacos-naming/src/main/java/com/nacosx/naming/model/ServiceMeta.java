package com.nacosx.naming.model;

import java.util.Map;

/**
 * What a service says about itself besides its instances.
 *
 * @param protectThreshold below this share of healthy instances, queries return all of them
 * @param selectorType     {@code none} or {@code label}, kept and reported as given
 * @param selectorExpression the label selector's expression, empty for none
 */
public record ServiceMeta(float protectThreshold, Map<String, String> metadata, String selectorType,
                          String selectorExpression) {

    public static final ServiceMeta DEFAULT = new ServiceMeta(0F, Map.of(), "none", "");

    public ServiceMeta {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
        selectorType = selectorType == null || selectorType.isBlank() ? "none" : selectorType;
        selectorExpression = selectorExpression == null ? "" : selectorExpression;
    }
}
