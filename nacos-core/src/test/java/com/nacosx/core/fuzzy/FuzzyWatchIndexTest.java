package com.nacosx.core.fuzzy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nacosx.api.exception.NacosException;
import com.nacosx.core.remote.Connection;
import com.nacosx.core.remote.ConnectionMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class FuzzyWatchIndexTest {

    static final UnaryOperator<String> PUBLIC_IS_EMPTY = ns -> "public".equals(ns) ? "" : ns;

    final List<FuzzyResource> store = new ArrayList<>();
    final FuzzyWatchIndex index = new FuzzyWatchIndex(new FuzzyWatchIndex.Limits(3, 2),
            ns -> store.stream().filter(r -> r.namespace().equals(ns)));

    static FuzzyPattern pattern(String text) {
        return FuzzyPattern.parse(text, PUBLIC_IS_EMPTY);
    }

    static FuzzyResource config(String group, String name) {
        return new FuzzyResource("", group, name);
    }

    @Test
    void patternItemsMatchAsTheOfficialServerReadsThem() {
        assertTrue(new NamePattern("app").matches("app"));
        assertFalse(new NamePattern("app").matches("app2"));
        assertTrue(new NamePattern("*").matches("anything"));
        assertTrue(new NamePattern("app-*").matches("app-1"));
        assertTrue(new NamePattern("*.yaml").matches("a.yaml"));
        assertTrue(new NamePattern("*mid*").matches("a-mid-b"));
        assertFalse(new NamePattern("a*b").matches("ab"), "a star inside matches nothing, as the official");
        assertEquals(NamePattern.Form.PREFIX, new NamePattern("app-*").form());
        assertEquals("app-", new NamePattern("app-*").rest());
        assertEquals(NamePattern.Form.SUFFIX, new NamePattern("*.yaml").form());
        assertEquals(NamePattern.Form.NOTHING, new NamePattern("a*b").form());
    }

    @Test
    void aMalformedPatternIsABadRequest() {
        assertThrows(NacosException.class, () -> pattern("public>>G"));
        assertThrows(NacosException.class, () -> pattern("public>> >>x"));
        assertThrows(NacosException.class, () -> pattern(null));
    }

    @Test
    void theListingHoldsWhatMatchesNowAndThePublicNamespaceMeetsTheEmptyOne() {
        store.add(config("G", "app-1"));
        store.add(config("G", "other"));
        store.add(new FuzzyResource("dev", "G", "app-2"));
        FuzzyWatchIndex.Listing listing = index.watch("c1", pattern("public>>G>>app-*"));
        assertEquals(List.of(config("G", "app-1")), listing.matched());
        assertEquals("public", listing.pattern().namedNamespace(), "told back as the client named it");
        assertFalse(listing.overLimit());
    }

    @Test
    void onlyComingsAndGoingsAreTold() {
        index.watch("c1", pattern("public>>G>>app-*"));
        index.watch("c2", pattern("public>>*>>*"));
        List<FuzzyWatchIndex.Change> added = index.changed(config("G", "app-1"), () -> true);
        assertEquals(2, added.size());
        assertTrue(added.stream().allMatch(FuzzyWatchIndex.Change::added));
        assertEquals(List.of(), index.changed(config("G", "app-1"), () -> true), "a content change is not told");
        assertEquals(List.of("c2"), index.changed(config("H", "x"), () -> true).get(0).connections());
        List<FuzzyWatchIndex.Change> removed = index.changed(config("G", "app-1"), () -> false);
        assertEquals(2, removed.size());
        assertTrue(removed.stream().noneMatch(FuzzyWatchIndex.Change::added));
        assertEquals(List.of(), index.changed(new FuzzyResource("dev", "G", "app-1"), () -> true), "other namespace");
    }

    @Test
    void aPatternPastItsLimitStopsTellingAndIsRefilledWhenOneGoes() {
        store.add(config("G", "a-1"));
        store.add(config("G", "a-2"));
        store.add(config("G", "a-3"));
        FuzzyWatchIndex.Listing listing = index.watch("c1", pattern("public>>G>>a-*"));
        assertEquals(2, listing.matched().size());
        assertTrue(listing.overLimit());
        assertEquals(List.of(), index.changed(config("G", "a-4"), () -> true), "past the limit nothing more is told");
        FuzzyResource gone = listing.matched().get(0);
        store.remove(gone);
        assertEquals(1, index.changed(gone, () -> false).size());
        assertEquals(2, index.watch("c1", pattern("public>>G>>a-*")).matched().size(), "refilled from the store");
    }

    @Test
    void aConnectionWatchesAtMostItsLimitOfPatterns() {
        index.watch("c1", pattern("public>>G>>a*"));
        index.watch("c1", pattern("public>>G>>b*"));
        index.watch("c1", pattern("public>>G>>c*"));
        index.watch("c1", pattern("public>>G>>c*"));
        NacosException refused = assertThrows(NacosException.class, () -> index.watch("c1", pattern("public>>G>>d*")));
        assertEquals(50310, refused.errCode());
        index.watch("c2", pattern("public>>G>>d*"));
    }

    @Test
    void cancelAndDisconnectForgetPatternsNobodyWatches() {
        index.watch("c1", pattern("public>>G>>a*"));
        index.watch("c2", pattern("public>>G>>a*"));
        index.cancel("c1", "public>>G>>a*");
        assertEquals(Set.of("c2"), Set.copyOf(index.changed(config("G", "a1"), () -> true).get(0).connections()));
        index.disconnected(new Connection(new ConnectionMeta("c2", "127.0.0.1", "127.0.0.1", 1, 2, "test", "-", "",
                "sdk", Map.of(), null, 0), null));
        assertEquals(0, index.patternCount());
        assertEquals(List.of(), index.changed(config("G", "a2"), () -> {
            throw new AssertionError("whether a resource exists is not worked out while nobody watches");
        }));
    }

    @Test
    void everyFormIsFoundThroughTheIndex() {
        index.watch("exact", pattern("public>>G>>app-1.yaml"));
        index.watch("prefix", pattern("public>>G>>app-*"));
        index.watch("suffix", pattern("public>>G>>*.yaml"));
        index.watch("contains", pattern("public>>*>>*-1*"));
        index.watch("nothing", pattern("public>>G>>a*l"));
        List<String> told = index.changed(config("G", "app-1.yaml"), () -> true).stream()
                .flatMap(change -> change.connections().stream()).sorted().toList();
        assertEquals(List.of("contains", "exact", "prefix", "suffix"), told);
    }

    @Test
    void manyPatternsOnOtherGroupsAndNamesAreNotLookedAt() {
        for (int i = 0; i < 10_000; i++) {
            index.watch("c" + i, pattern("public>>group-" + i + ">>app-" + i + "-*"));
        }
        assertEquals(10_000, index.patternCount());
        List<FuzzyWatchIndex.Change> told = index.changed(config("group-42", "app-42-x"), () -> true);
        assertEquals(1, told.size());
        assertEquals(List.of("c42"), told.get(0).connections());
    }
}
