import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Post, PostSummary } from '@liftoff/contracts/explore';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { ExplorePage } from './explore-page';
import { ExplorePostPage } from './explore-post-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const categories = [
  { _id: 'all', title: 'All', slug: 'all', label: 'All Posts' },
  { _id: 'c1', title: 'Fundraising', slug: 'fundraising', label: 'Fundraising Posts' },
  { _id: 'c2', title: 'Growth', slug: 'growth', label: 'Growth Posts' },
];
const tags = [
  { _id: 't1', label: 'SAFE', slug: 'safe' },
  { _id: 't2', label: 'Pricing', slug: 'pricing' },
];

function summary(n: number): PostSummary {
  return {
    _id: `p${n}`,
    title: `Article ${n}`,
    slug: `article-${n}`,
    excerpt: `Excerpt ${n}`,
    firstPublishedDate: '2026-10-06T09:00:00.000Z',
    lastPublishedDate: '2026-10-06T09:00:00.000Z',
    url: `/explore/post/article-${n}`,
    heroImage: { url: `/api/content/blog/images/article-${n}.svg`, alt: `Picture ${n}` },
    minutesToRead: 6,
    categories: [categories[1]!],
    tags: [tags[0]!],
    author: { name: 'Elena' },
    featured: false,
    metrics: { averageRating: 4.3, comments: 2, likes: 3, views: 40, ratings: 10 },
  };
}

// jsdom has no layout: scrolling to the top of a new page is a no-op here.
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

// MUI and role queries are slow in jsdom.
const SLOW = 30_000;

type Handler = (url: URL) => Response | Promise<Response>;

async function renderAt(path: string, handler: Handler) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => handler(new URL(String(input), 'http://app')));
  const { router } = await renderSignedIn(
    [
      { path: '/explore/post/:slug', element: <ExplorePostPage /> },
      { path: '/explore/:page?', element: <ExplorePage /> },
    ],
    path,
    fetchImpl,
  );
  return { router, fetchImpl };
}

function listHandler(page: { posts: PostSummary[]; total: number; lastPage: number } | Response): Handler {
  return (url) => {
    if (url.pathname === '/api/explore/categories') return json(200, { message: 'ok', data: categories });
    if (url.pathname === '/api/explore/tags') return json(200, { message: 'ok', data: tags });
    if (url.pathname === '/api/explore/posts') {
      if (page instanceof Response) return page;
      return json(200, {
        message: 'Posts Fetched Successfully.',
        data: { ...page, page: Number(url.searchParams.get('page')), limit: 12 },
      });
    }
    return json(404, { message: 'nope' });
  };
}

describe('explore list', { timeout: SLOW }, () => {
  it('asks for the page and filters in the URL, marks them chosen and keeps them in page links', async () => {
    const posts = Array.from({ length: 12 }, (_, i) => summary(i + 13));
    const { fetchImpl, router } = await renderAt(
      '/explore/2?category=fundraising&tag=safe',
      listHandler({ posts, total: 30, lastPage: 3 }),
    );
    await screen.findByRole('heading', { name: 'Article 13' });
    const postsCall = fetchImpl.mock.calls
      .map(([input]) => String(input))
      .find((url) => url.includes('/explore/posts'));
    expect(postsCall).toBe('/api/explore/posts?page=2&limit=12&category=fundraising&tag=safe');

    const group = screen.getByRole('group', { name: 'Category' });
    expect(within(group).getByRole('button', { name: 'Fundraising' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(group).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('combobox', { name: 'Tag' }).textContent).toContain('SAFE');
    expect(screen.getByRole('heading', { name: 'Fundraising Posts' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 13–24 of 30 articles tagged SAFE');

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      '/explore?category=fundraising&tag=safe',
    );
    expect(within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/explore/3?category=fundraising&tag=safe',
    );
    expect(
      within(pages).getByRole('link', { name: 'Page 2, current page' }).getAttribute('aria-current'),
    ).toBe('page');
    // A card opens its article.
    expect(screen.getByRole('link', { name: 'Article 13' }).getAttribute('href')).toBe(
      '/explore/post/article-13',
    );
    expect(screen.getByRole('img', { name: 'Picture 13' })).toBeTruthy();

    // Choosing a category starts again at page 1 and keeps the tag.
    await userEvent.click(within(group).getByRole('button', { name: 'Growth' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(router.state.location.search).toBe('?category=growth&tag=safe');
  });

  it('says when nothing matches and offers to clear the filters', async () => {
    const { router } = await renderAt(
      '/explore?tag=pricing&search=zzz',
      listHandler({ posts: [], total: 0, lastPage: 0 }),
    );
    await screen.findByRole('heading', { name: 'No articles match these filters' });
    await userEvent.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/explore'),
    );
  });

  it("shows the server's message with a retry that fetches again", async () => {
    let fail = true;
    const handler = listHandler({ posts: [summary(1)], total: 1, lastPage: 1 });
    await renderAt('/explore', (url) =>
      url.pathname === '/api/explore/posts' && fail
        ? json(503, { message: 'The blog is taking a break.' })
        : handler(url),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The blog is taking a break.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Article 1' });
    expect(screen.getByRole('status').textContent).toBe('1 article');
  });

  it('highlights the searched words in titles and excerpts, showing markup as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const posts = [
      {
        ...summary(1),
        title: 'Pricing your first product',
        excerpt: 'How pricing works, not priced rounds.',
      },
      { ...summary(2), title: `${hostile} pricing`, excerpt: 'Nothing to see.' },
    ];
    const { fetchImpl } = await renderAt(
      `/explore?search=${encodeURIComponent(`pricing ${hostile}`)}`,
      listHandler({ posts, total: 2, lastPage: 1 }),
    );
    const first = await screen.findByRole('link', { name: 'Pricing your first product' });
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Pricing']);
    const excerpt = screen.getByText((_, el) => el?.textContent === 'How pricing works, not priced rounds.');
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['pricing']);

    // The hostile title is text: its words are marked, nothing in it became an element.
    const second = screen.getByRole('link', { name: /onerror/ });
    expect(second.textContent).toBe(`${hostile} pricing`);
    expect([...second.querySelectorAll('*')].every((el) => el.tagName === 'MARK')).toBe(true);
    expect(document.querySelector('img[onerror], img[src="x"]')).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(2); // the two hero images only

    expect(screen.getByRole('status').textContent).toBe(
      `2 articles matching “pricing ${hostile}”, best matches first`,
    );
    const postsCall = fetchImpl.mock.calls.map(([input]) => String(input)).find((u) => u.includes('/posts'));
    expect(new URL(postsCall!, 'http://app').searchParams.get('search')).toBe(`pricing ${hostile}`);
  });

  it('names the category the list is filtered on in each card', async () => {
    const post = { ...summary(1), categories: [categories[1]!, categories[2]!] };
    await renderAt('/explore?category=growth', listHandler({ posts: [post], total: 1, lastPage: 1 }));
    const card = (await screen.findByRole('link', { name: 'Article 1' })).closest('article')!;
    expect(within(card).getByText('Growth')).toBeTruthy();
    expect(within(card).queryByText('Fundraising')).toBeNull();
  });

  it('says a page past the last one is past it, with a link to the last page', async () => {
    await renderAt('/explore/9?tag=safe', listHandler({ posts: [], total: 21, lastPage: 2 }));
    await screen.findByRole('heading', { name: 'Page 9 is past the last page' });
    expect(screen.getByText('These filters give 2 pages of articles.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the last page (2)' }).getAttribute('href')).toBe(
      '/explore/2?tag=safe',
    );
    expect(screen.getByRole('status').textContent).toBe('21 articles, none on page 9 tagged SAFE');
  });

  it('tidies an unusable address without adding history', async () => {
    const { router } = await renderAt(
      '/explore/abc?category=all',
      listHandler({ posts: [summary(1)], total: 1, lastPage: 1 }),
    );
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/explore'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

function fullPost(overrides: Partial<Post> = {}): Post {
  return {
    ...summary(5),
    translations: [],
    coverMedia: { image: null },
    media: null,
    richContent: null,
    contentHtml:
      '<h2>Why it matters</h2><p>Read <a href="/explore/post/article-4">the older one</a>.</p>' +
      '<img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>',
    moderationDetails: null,
    previous: { slug: 'article-4', title: 'Article 4' },
    next: null,
    ...overrides,
  };
}

describe('explore article', { timeout: SLOW }, () => {
  it('renders the article safely with metrics, tag links, neighbours and a copy link', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { router } = await renderAt('/explore/post/article-5', (url) =>
      url.pathname === '/api/explore/posts/article-5'
        ? json(200, { message: 'Post Fetched Successfully.', data: fullPost() })
        : json(200, {
            message: 'ok',
            data: fullPost({ slug: 'article-4', title: 'Article 4', previous: null }),
          }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Article 5' });
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeTruthy();
    expect(document.querySelector('.article-body script, .article-body [onerror]')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    expect(screen.getByRole('img', { name: '4.3 out of 5 from 10 ratings' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SAFE' }).getAttribute('href')).toBe('/explore?tag=safe');
    expect(screen.getByRole('link', { name: 'Fundraising' }).getAttribute('href')).toBe(
      '/explore?category=fundraising',
    );
    const more = screen.getByRole('navigation', { name: 'More articles' });
    expect(
      within(more)
        .getByRole('link', { name: /Previous article.*Article 4/ })
        .getAttribute('href'),
    ).toBe('/explore/post/article-4');

    const field = screen.getByRole('textbox', { name: 'Link to this article' }) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/explore/post/article-5`);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/explore/post/article-5`);
    expect((await screen.findByRole('status', { name: '' })).textContent).toContain('Link copied');

    // A link inside the article stays in the app.
    await userEvent.click(screen.getByRole('link', { name: 'the older one' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore/post/article-4'));
  });

  it('shows only the numbers the source counts', async () => {
    const builtin = { views: 7, likes: null, comments: null, ratings: null, averageRating: null };
    await renderAt('/explore/post/article-5', () =>
      json(200, { message: 'ok', data: fullPost({ metrics: builtin }) }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Article 5' });
    const views = screen.getByText('Views').closest('div')!;
    expect(views.querySelector('dd')?.textContent).toBe('7');
    for (const label of ['Likes', 'Comments', 'Rating']) expect(screen.queryByText(label)).toBeNull();
    expect(screen.queryByRole('img', { name: /rating/i })).toBeNull();
  });

  it('shows no numbers at all when the source counts none', async () => {
    const none = { views: null, likes: null, comments: null, ratings: null, averageRating: null };
    await renderAt('/explore/post/article-5', () =>
      json(200, { message: 'ok', data: fullPost({ metrics: none }) }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Article 5' });
    expect(screen.queryByText('Views')).toBeNull();
    expect(document.querySelector('dl')).toBeNull();
  });

  it('shows a friendly not-found state for an unknown slug', async () => {
    await renderAt('/explore/post/nope', () => json(404, { message: 'We could not find that article.' }));
    await screen.findByRole('heading', { name: 'We could not find that article.' });
    expect(screen.getByRole('link', { name: 'Browse all articles' }).getAttribute('href')).toBe('/explore');
    // Shown inline, not also as an error toast.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
