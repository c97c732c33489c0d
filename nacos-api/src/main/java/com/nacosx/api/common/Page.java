package com.nacosx.api.common;

import com.nacosx.api.exception.NacosException;
import java.util.List;

/** One page of a listing, in the JSON shape the official server answers. */
public record Page<T>(int totalCount, int pageNumber, int pagesAvailable, List<T> pageItems) {

    public static final int MAX_PAGE_SIZE = 500;

    /** Refuses page numbers below 1 and page sizes outside 1..500. */
    public static void checkPaging(int pageNo, int pageSize) {
        if (pageNo < 1 || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw NacosException.badRequest("pageNo must be >= 1 and pageSize between 1 and " + MAX_PAGE_SIZE
                    + ", got pageNo=" + pageNo + " pageSize=" + pageSize);
        }
    }

    public static <T> Page<T> of(int totalCount, int pageNo, int pageSize, List<T> items) {
        int pages = pageSize <= 0 ? 0 : (totalCount + pageSize - 1) / pageSize;
        return new Page<>(totalCount, pageNo, pages, items);
    }

    /** Page {@code pageNo} of a list held in memory. */
    public static <T> Page<T> slice(List<T> all, int pageNo, int pageSize) {
        checkPaging(pageNo, pageSize);
        int from = (int) Math.min(all.size(), (long) (pageNo - 1) * pageSize);
        int to = (int) Math.min(all.size(), (long) from + pageSize);
        return of(all.size(), pageNo, pageSize, List.copyOf(all.subList(from, to)));
    }
}
