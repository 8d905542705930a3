import { describe, expect, it } from 'vitest';
import { isWrittenAsRead, lastPage, readPage, withPage } from './page-param';

const page = (query) => readPage(new URLSearchParams(query));

describe('the page in the address', () => {
  it('is the page asked, or 1 for none, a wrong one or one below 1', () => {
    expect(page('page=4')).toBe(4);
    expect([page(''), page('page=abc'), page('page=0'), page('page=-2')]).toEqual([1, 1, 1, 1]);
  });

  it('is at most the last page the server answers, so a list takes a page past it back to its own last', () => {
    expect([page('page=1000000'), page('page=99999999999'), page('page=1e30')]).toEqual([1000000, 1000000, 1]);
  });

  it('is written for pages after the first only, keeping the other parameters', () => {
    expect(withPage(new URLSearchParams('size=M&page=3'), 1).toString()).toBe('size=M');
    expect(withPage(new URLSearchParams('size=M'), 2).toString()).toBe('size=M&page=2');
  });

  it('tells an address that writes its page as it is read from one that does not', () => {
    const written = (query) => isWrittenAsRead(new URLSearchParams(query));
    expect(['', 'size=M', 'page=2', 'size=M&page=4'].map(written)).toEqual([true, true, true, true]);
    expect(['page=0', 'page=abc', 'page=1', 'page=-2', 'page=', 'page=04'].map(written)).toEqual([false, false, false, false, false, false]);
  });

  it('has a last page of whole pages, 1 for an empty list', () => {
    expect([lastPage(60, 6), lastPage(61, 6), lastPage(1, 6), lastPage(0, 6)]).toEqual([10, 11, 1, 1]);
  });
});
