package com.nacosx.core.remote;

/**
 * One entry of the ability table the server sends in {@code SetupAckRequest}. A module that
 * serves something clients only use when told (for example persistent instances over gRPC)
 * declares it as a bean.
 */
public record ServerAbility(String key, boolean enabled) {
}
