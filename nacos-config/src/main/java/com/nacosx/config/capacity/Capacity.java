package com.nacosx.config.capacity;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A group's or a namespace's capacity as the official API shows it: its quota (configs), usage
 * (configs it holds now), and size limits; a limit of 0 in the table means the default, which is
 * shown instead. {@code group} is set for a group (the empty group is the whole public namespace,
 * the cluster quota), {@code tenant} for a namespace.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Capacity(Long id, String group, String tenant, int quota, int usage, int maxSize, int maxAggrCount,
                       int maxAggrSize, Long gmtCreate, Long gmtModified) {
}
