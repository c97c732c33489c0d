import { describe, expect, it } from 'vitest';
import { pageCount, pageLinks, pagingFrom, rangeText } from './paging';

describe('paging', () => {
  it('reads the page and size from the URL, keeping them to what the server takes', () => {
    expect(pagingFrom(new URLSearchParams('pageNo=3&pageSize=50'))).toEqual({ pageNo: 3, pageSize: 50 });
    expect(pagingFrom(new URLSearchParams('pageNo=0&pageSize=7'))).toEqual({ pageNo: 1, pageSize: 20 });
    expect(pagingFrom(new URLSearchParams('pageNo=x'), 10)).toEqual({ pageNo: 1, pageSize: 10 });
    expect(pagingFrom(new URLSearchParams('pageNo=2&subPageNo=4&subPageSize=50'), 10, 'sub'))
      .toEqual({ pageNo: 4, pageSize: 50 });
  });

  it('counts pages, one at least', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(10000, 20)).toBe(500);
    expect(pageCount(10001, 20)).toBe(501);
  });

  it('offers the first, the last and two on each side of the current page', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 500)).toEqual([1, 2, 3, null, 500]);
    expect(pageLinks(250, 500)).toEqual([1, null, 248, 249, 250, 251, 252, null, 500]);
    expect(pageLinks(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('says which items a page holds', () => {
    expect(rangeText({ pageNo: 2, pageSize: 20 }, 10000)).toBe('21-40 of 10,000');
    expect(rangeText({ pageNo: 3, pageSize: 20 }, 45)).toBe('41-45 of 45');
    expect(rangeText({ pageNo: 1, pageSize: 20 }, 0)).toBe('none');
  });
});
