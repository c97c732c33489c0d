package com.nacosx.naming.model;

import java.util.Map;

/**
 * How the server checks a cluster's persistent instances.
 *
 * @param checkerType           {@code TCP} (connect), {@code HTTP} (GET {@code checkPath}, 200 is
 *                              healthy) or {@code NONE} (health is set by hand)
 * @param checkPort             the port to check when not the instance's own
 * @param useInstancePort4Check whether to check the instance's port (default) or {@code checkPort}
 */
public record ClusterMeta(String checkerType, String checkPath, int checkPort, boolean useInstancePort4Check,
                          Map<String, String> metadata) {

    public static final ClusterMeta DEFAULT = new ClusterMeta("TCP", "", 80, true, Map.of());

    public ClusterMeta {
        checkerType = checkerType == null || checkerType.isBlank() ? "TCP" : checkerType.toUpperCase();
        checkPath = checkPath == null ? "" : checkPath;
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }
}
