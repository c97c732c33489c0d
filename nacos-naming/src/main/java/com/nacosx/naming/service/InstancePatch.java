package com.nacosx.naming.service;

import com.nacosx.naming.model.InstanceRecord;

import java.util.Map;

/** The fields a partial update gives; null leaves a field as it is. */
public record InstancePatch(Double weight, Boolean healthy, Boolean enabled, Map<String, String> metadata) {

    InstanceRecord applyTo(InstanceRecord current) {
        return new InstanceRecord(current.ip(), current.port(), current.cluster(),
                weight == null ? current.weight() : weight,
                healthy == null ? current.healthy() : healthy,
                enabled == null ? current.enabled() : enabled,
                current.ephemeral(),
                metadata == null ? current.metadata() : metadata);
    }
}
