package com.nacosx.config.cache;

import com.nacosx.config.model.ConfigEntry;
import com.nacosx.config.model.ConfigType;
import com.nacosx.config.model.GrayConfig;
import com.nacosx.config.model.StoredConfig;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How the store's rows appear in the cache: a formal row as the formal entry, a beta or tag row as
 * that variant. Used by the writer after each commit, by the loader at start and by the
 * reconciliation with a shared store, so the three cannot disagree.
 */
public final class RowProjection {

    private RowProjection() {
    }

    /**
     * Sets a variant row. Variants other than beta and tag (2.5 gray rules of other kinds) are not
     * served, so they leave the cached value as it is.
     *
     * @param type the config's type, which its variants share
     */
    public static CachedConfig withGray(CachedConfig cached, GrayConfig gray, String type) {
        if (!gray.isBeta() && gray.tag() == null) {
            return cached;
        }
        ConfigEntry entry = ConfigEntry.of(gray.content(), gray.md5(), type, gray.modifyTime(),
                gray.encryptedDataKey());
        return withVariant(cached, gray.grayName(), entry, gray.isBeta() ? ipsOf(gray.expr()) : Set.of());
    }

    /** Sets the beta or tag variant named {@code grayName}; a null entry removes it. */
    public static CachedConfig withVariant(CachedConfig cached, String grayName, ConfigEntry entry,
            Set<String> betaIps) {
        return GrayConfig.BETA.equals(grayName) ? cached.withBeta(entry, betaIps)
                : cached.withTag(GrayConfig.tagOf(grayName), entry);
    }

    /**
     * What the store holds for a config: its formal row (null when none) and its variants, keeping
     * the cached entries' identity where unchanged.
     */
    public static CachedConfig ofRows(CachedConfig cached, StoredConfig row, List<GrayConfig> variants) {
        String type = row == null ? ConfigType.DEFAULT : ConfigType.normalize(row.type());
        CachedConfig next = cached.withFormal(row == null ? null : ConfigEntry.of(row.content(), type,
                row.modifyTime(), row.encryptedDataKey())).withoutVariants();
        for (GrayConfig gray : variants) {
            next = withGray(next, gray, type);
        }
        return next;
    }

    private static Set<String> ipsOf(String betaIps) {
        return Arrays.stream(betaIps.split(",")).map(String::trim).filter(ip -> !ip.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }
}
