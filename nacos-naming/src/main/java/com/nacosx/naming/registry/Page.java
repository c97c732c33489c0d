package com.nacosx.naming.registry;

import java.util.List;
import java.util.function.Function;

/** One page of a list: 1-based page number, as the official API counts. */
public final class Page {

    private Page() {
    }

    public static <T> List<T> of(List<T> all, int pageNo, int pageSize) {
        if (pageNo < 1 || pageSize < 1) {
            return List.of();
        }
        long start = (long) (pageNo - 1) * pageSize;
        if (start >= all.size()) {
            return List.of();
        }
        return all.subList((int) start, (int) Math.min(all.size(), start + pageSize));
    }

    /** Page {@code pageNo} of the views of {@code all}, with the totals, in the official's JSON shape. */
    public static <T, R> com.nacosx.api.common.Page<R> counted(List<T> all, int pageNo, int pageSize,
            Function<T, R> view) {
        return com.nacosx.api.common.Page.of(all.size(), pageNo, pageSize,
                of(all, pageNo, pageSize).stream().map(view).toList());
    }
}
