import { z } from 'zod';

/*
 * Explore: the blog (product spec section 3 "Blog category", "Posts page", "Blog post"; api-contract.md
 * "Experts, explore"). The API answers the same shapes whether the posts come from the built-in store
 * (Markdown content pack imported into PostgreSQL) or from a Wix site's blog.
 *
 *   GET /api/explore/categories          → Category[]   (the synthetic "all" entry first)
 *   GET /api/explore/tags                → Tag[]
 *   GET /api/explore/posts?page&limit&category&tag&search → PostsPage
 *   GET /api/explore/posts/{slug}        → Post         (counts a view: once per user per post per UTC day)
 *
 * Dates are ISO 8601 strings. Image URLs are either absolute https URLs (Wix) or paths under
 * /api/content/... served by the API itself (built-in store); both can go straight into <img src>.
 */

// ─── Categories and tags ────────────────────────────────────────────────────────────────────────

export const category = z.object({
  _id: z.string(),
  /** Longer heading, e.g. "Fundraising Posts" (the synthetic entry: "All Posts"). */
  label: z.string(),
  /** Short chip name, e.g. "Fundraising" (the synthetic entry: "All"). */
  title: z.string(),
  /** What `?category=` takes; the synthetic entry's slug is "all" (= no filter). */
  slug: z.string(),
});
export type Category = z.infer<typeof category>;
export const categories = z.array(category);

/** The synthetic first category: selecting it means "no category filter". */
export const ALL_CATEGORY: Category = { _id: 'all', title: 'All', slug: 'all', label: 'All Posts' };

export const tag = z.object({
  _id: z.string(),
  /** Display name, e.g. "Pitch Deck". */
  label: z.string(),
  /** What `?tag=` takes. */
  slug: z.string(),
});
export type Tag = z.infer<typeof tag>;
export const tags = z.array(tag);

// ─── Posts ──────────────────────────────────────────────────────────────────────────────────────

export const image = z.object({
  /** Absolute https URL or an /api/content/... path; safe for <img src>. */
  url: z.string(),
  /** Alternative text ('' when the source has none). */
  alt: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type Image = z.infer<typeof image>;

/**
 * A post's numbers. Null means the source does not count it, and clients show nothing for it: the
 * built-in store counts views only (once per user per post per UTC day); Wix counts views, likes and
 * comments and has no ratings.
 */
export const postMetrics = z.object({
  /** 0-5, one decimal; 0 when there are no ratings yet. */
  averageRating: z.number().nullable(),
  comments: z.number().int().nonnegative().nullable(),
  likes: z.number().int().nonnegative().nullable(),
  views: z.number().int().nonnegative().nullable(),
  /** Number of ratings. */
  ratings: z.number().int().nonnegative().nullable(),
});
export type PostMetrics = z.infer<typeof postMetrics>;

export const postTranslation = z.object({
  _id: z.string(),
  language: z.string(),
  slug: z.string(),
  url: z.string(),
});
export type PostTranslation = z.infer<typeof postTranslation>;

export const postMedia = z.object({
  /** The post's main image (for the built-in store: the hero image). */
  image: image.nullable(),
  /** A hosted video, when the post's media is a video (Wix only). */
  videoUrl: z.string().nullable(),
  /** An embedded media page (e.g. a YouTube link) with its thumbnail in `image` (Wix only). */
  embedUrl: z.string().nullable(),
  /** Whether the media is shown in the post's header. */
  displayed: z.boolean(),
});
export type PostMedia = z.infer<typeof postMedia>;

export const moderationDetails = z.object({
  status: z.string(),
  submittedBy: z.string().nullable(),
  submittedDate: z.string().nullable(),
  moderatedBy: z.string().nullable(),
  moderationDate: z.string().nullable(),
});
export type ModerationDetails = z.infer<typeof moderationDetails>;

/**
 * A Ricos-like rich content document (`{ nodes: [...] }`) exactly as the source has it — present for
 * Wix posts, null for built-in posts. Clients should render `contentHtml` instead; this is informative.
 */
export const richContent = z.looseObject({ nodes: z.array(z.unknown()) });
export type RichContent = z.infer<typeof richContent>;

export const postAuthor = z.object({ name: z.string() });

/** What a card in the posts grid needs. */
export const postSummary = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  /** 1-2 sentences of plain text. */
  excerpt: z.string(),
  firstPublishedDate: z.string(),
  lastPublishedDate: z.string(),
  /** The post's public address: `/explore/post/<slug>` for built-in posts, the Wix page URL for Wix posts. */
  url: z.string(),
  /** Null when the post has no image (possible for Wix posts). */
  heroImage: image.nullable(),
  minutesToRead: z.number().int().nonnegative(),
  categories: z.array(category),
  tags: z.array(tag),
  /** Null when the source does not name one (Wix posts only carry a member id). */
  author: postAuthor.nullable(),
  featured: z.boolean(),
  metrics: postMetrics,
});
export type PostSummary = z.infer<typeof postSummary>;

/** A neighbour in the newest-first order, for the article page's previous/next links. */
export const postLink = z.object({ slug: z.string(), title: z.string() });
export type PostLink = z.infer<typeof postLink>;

/** One article (spec section 3 "Blog post" plus what the article page needs). */
export const post = postSummary.extend({
  translations: z.array(postTranslation),
  coverMedia: z.object({ image: image.nullable() }),
  media: postMedia.nullable(),
  richContent: richContent.nullable(),
  /**
   * The article body as sanitized HTML: only headings, paragraphs, emphasis, lists, tables, block quotes,
   * code, images (https or /api/content/) and links (http/https/mailto; external ones open in a new tab
   * with rel="noopener noreferrer"). No scripts, styles, iframes, event handlers or javascript: URLs.
   * Safe to inject as-is.
   */
  contentHtml: z.string(),
  moderationDetails: moderationDetails.nullable(),
  /** The post published just before this one (older), or null for the oldest. */
  previous: postLink.nullable(),
  /** The post published just after this one (newer), or null for the newest. */
  next: postLink.nullable(),
});
export type Post = z.infer<typeof post>;

export const postsPage = z.object({
  posts: z.array(postSummary),
  /** How many posts match the filters, over all pages. */
  total: z.number().int().nonnegative(),
  /** ceil(total / limit); 0 when nothing matches. A page past it answers an empty `posts`. */
  lastPage: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
});
export type PostsPage = z.infer<typeof postsPage>;

// ─── Requests ───────────────────────────────────────────────────────────────────────────────────

export const EXPLORE_DEFAULT_LIMIT = 12;
export const EXPLORE_MAX_LIMIT = 50;
export const EXPLORE_SEARCH_MAX = 100;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * GET /api/explore/posts query. Newest first (firstPublishedDate descending). `category=all` or no
 * category means every category; an unknown category or tag slug answers an empty page (not an error).
 * With `search`, only posts containing at least half of its words (explore-search.ts says what a word
 * matches) are listed, most relevant first: a word in the title counts more than one in the excerpt, which
 * counts more than one in the body; more of the words count more; the date only breaks ties. With
 * `category`, each post lists that category first, so a card can show the one filtered on.
 */
export const postsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(EXPLORE_MAX_LIMIT).default(EXPLORE_DEFAULT_LIMIT),
  category: optionalText(100),
  tag: optionalText(100),
  search: optionalText(EXPLORE_SEARCH_MAX),
});
export type PostsQuery = z.infer<typeof postsQuery>;
export type PostsQueryInput = z.input<typeof postsQuery>;

export const postSlugParams = z.object({ slug: z.string().min(1).max(200) });

// ─── Messages (spec section 8) ──────────────────────────────────────────────────────────────────

export const exploreMessages = {
  categories: 'Categories Fetched Successfully.',
  tags: 'Tags Fetched Successfully.',
  posts: 'Posts Fetched Successfully.',
  post: 'Post Fetched Successfully.',
  categoriesFailed: 'Failed to fetch categories',
  tagsFailed: 'Failed to fetch tags',
  postsFailed: 'Failed to fetch posts',
  postFailed: 'Failed to fetch the article',
  postNotFound: 'We could not find that article.',
} as const;
