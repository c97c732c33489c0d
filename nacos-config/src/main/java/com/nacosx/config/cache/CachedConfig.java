package com.nacosx.config.cache;

import com.nacosx.config.model.ConfigEntry;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Everything readers of one config may be served: the formal content, a beta variant for the
 * listed client IPs, and variants per tag. Immutable; each change builds a new value.
 *
 * @param formal  null when only gray variants exist
 * @param beta    null when there is no beta
 * @param betaIps the clients that get the beta; empty when there is none
 * @param tags    tag name to variant
 */
public record CachedConfig(ConfigEntry formal, ConfigEntry beta, Set<String> betaIps, Map<String, ConfigEntry> tags) {

    public static final CachedConfig EMPTY = new CachedConfig(null, null, Set.of(), Map.of());

    public CachedConfig withFormal(ConfigEntry entry) {
        return new CachedConfig(entry, beta, betaIps, tags);
    }

    public CachedConfig withBeta(ConfigEntry entry, Set<String> ips) {
        return new CachedConfig(formal, entry, entry == null ? Set.of() : Set.copyOf(ips), tags);
    }

    /** The formal content alone, as the start of a config rebuilt from the store. */
    public CachedConfig withoutVariants() {
        return new CachedConfig(formal, null, Set.of(), Map.of());
    }

    public CachedConfig withTag(String tag, ConfigEntry entry) {
        Map<String, ConfigEntry> copy = new HashMap<>(tags);
        if (entry == null) {
            copy.remove(tag);
        } else {
            copy.put(tag, entry);
        }
        return new CachedConfig(formal, beta, betaIps, Map.copyOf(copy));
    }

    /**
     * Whether a reader could get different content from {@code other}: a changed md5 of any
     * variant, or a changed beta IP list. A publish of identical content changes nothing that
     * listeners need to hear about.
     */
    public boolean servesSameAs(CachedConfig other) {
        return md5Of(formal).equals(md5Of(other.formal)) && md5Of(beta).equals(md5Of(other.beta))
                && Objects.equals(betaIps, other.betaIps) && md5sOf(tags).equals(md5sOf(other.tags));
    }

    private static String md5Of(ConfigEntry entry) {
        return entry == null ? "" : entry.md5();
    }

    private static Map<String, String> md5sOf(Map<String, ConfigEntry> variants) {
        Map<String, String> md5s = new HashMap<>();
        variants.forEach((tag, entry) -> md5s.put(tag, entry.md5()));
        return md5s;
    }

    public boolean isEmpty() {
        return formal == null && beta == null && tags.isEmpty();
    }

    /**
     * The variant a reader gets, in the official order: the beta when the reader's IP is listed,
     * then the tag the reader asked for, then the formal content. A reader that asked for a tag
     * with no variant gets nothing.
     */
    public ConfigEntry resolve(String clientIp, String tag) {
        if (beta != null && clientIp != null && betaIps.contains(clientIp)) {
            return beta;
        }
        if (tag != null && !tag.isBlank()) {
            return tags.get(tag);
        }
        return formal;
    }
}
