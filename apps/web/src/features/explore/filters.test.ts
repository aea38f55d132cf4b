import { describe, expect, it } from 'vitest';
import {
  exploreUrl,
  hasFilters,
  pageUrl,
  parseFilters,
  postsQueryOf,
  resultsSummary,
  withFilter,
} from './filters';

const parse = (page: string | undefined, query = '') => parseFilters(page, new URLSearchParams(query));

describe('explore URL ⇄ filters', () => {
  it('reads the page from the path and the filters from the query', () => {
    expect(parse('2', 'category=fundraising&tag=safe&search=seed%20round')).toEqual({
      filters: { page: 2, category: 'fundraising', tag: 'safe', search: 'seed round' },
      canonicalUrl: '/explore/2?category=fundraising&tag=safe&search=seed+round',
    });
  });

  it('treats no page, page 1 and unusable pages as page 1 and keeps page 1 out of the URL', () => {
    for (const page of [undefined, '1', '0', 'abc', '-3', '2.5', '1234567']) {
      const { filters, canonicalUrl } = parse(page, 'tag=pricing');
      expect(filters.page).toBe(1);
      expect(canonicalUrl).toBe('/explore?tag=pricing');
    }
  });

  it('reads category=all and blank values as no filter', () => {
    const { filters, canonicalUrl } = parse('3', 'category=all&tag=%20%20&search=');
    expect(filters).toEqual({ page: 3, category: undefined, tag: undefined, search: undefined });
    expect(hasFilters(filters)).toBe(false);
    expect(canonicalUrl).toBe('/explore/3');
  });

  it('writes filters in one order so equal states have equal URLs', () => {
    expect(exploreUrl({ search: 'cac', tag: 'metrics', category: 'growth', page: 1 })).toBe(
      '/explore?category=growth&tag=metrics&search=cac',
    );
    expect(exploreUrl({})).toBe('/explore');
    expect(exploreUrl({ category: 'all' })).toBe('/explore');
  });

  it('page links keep every filter; a filter change goes back to page 1', () => {
    const current = { page: 2, category: 'fundraising', tag: 'safe' };
    expect(pageUrl(current, 3)).toBe('/explore/3?category=fundraising&tag=safe');
    expect(pageUrl(current, 1)).toBe('/explore?category=fundraising&tag=safe');
    expect(withFilter(current, { tag: 'pitch-deck' })).toBe('/explore?category=fundraising&tag=pitch-deck');
    expect(withFilter(current, { category: undefined })).toBe('/explore?tag=safe');
    expect(withFilter(current, { search: 'valuation cap' })).toBe(
      '/explore?category=fundraising&tag=safe&search=valuation+cap',
    );
  });

  it('round-trips: parsing a written URL gives the same filters', () => {
    const filters = { page: 4, category: 'team-and-hiring', tag: 'hiring', search: 'first “engineer” & co' };
    const url = new URL(exploreUrl(filters), 'http://x');
    expect(parse(url.pathname.split('/')[2], url.search).filters).toEqual(filters);
  });

  it('sends only the filters that are set to the API', () => {
    expect(postsQueryOf({ page: 2, tag: 'safe' }, 12)).toEqual({ page: 2, limit: 12, tag: 'safe' });
  });
});

describe('results summary', () => {
  it('counts the range shown on this page', () => {
    expect(resultsSummary(21, 1, 12, 12)).toBe('Showing 1–12 of 21 articles');
    expect(resultsSummary(21, 2, 12, 9)).toBe('Showing 13–21 of 21 articles');
    expect(resultsSummary(5, 1, 12, 5)).toBe('5 articles');
    expect(resultsSummary(1, 1, 12, 1)).toBe('1 article');
    expect(resultsSummary(0, 1, 12, 0)).toBe('No articles');
    expect(resultsSummary(21, 9, 12, 0)).toBe('21 articles, none on page 9');
  });
});
