package com.nacosx.naming.registry;

/**
 * What a reader asks of a service: some clusters (empty for all), only healthy instances or
 * not, and whether the service is named {@code group@@name} (1.x HTTP and UDP) or by its bare
 * name with a separate group (2.x gRPC).
 */
public record Selection(String clusters, boolean healthyOnly, boolean groupedName) {

    public Selection {
        clusters = clusters == null ? "" : clusters;
    }
}
