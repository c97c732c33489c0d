package com.nacosx.config.model;

import java.util.List;

/** One page of a listing, in the JSON shape the official server answers. */
public record Page<T>(int totalCount, int pageNumber, int pagesAvailable, List<T> pageItems) {

    public static <T> Page<T> of(int totalCount, int pageNo, int pageSize, List<T> items) {
        int pages = pageSize <= 0 ? 0 : (totalCount + pageSize - 1) / pageSize;
        return new Page<>(totalCount, pageNo, pages, items);
    }
}
