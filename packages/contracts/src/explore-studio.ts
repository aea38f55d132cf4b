import { z } from 'zod';

/*
 * The studio's post editor for the built-in explore store (managers and admins):
 *
 *   GET  /api/studio/explore/source          → ExploreSourceInfo (built-in, or Wix with its dashboard)
 *   GET  /api/studio/posts?status            → StudioPostSummary[] (newest first; drafts, scheduled, published)
 *   GET  /api/studio/posts/{id}              → StudioPost
 *   POST /api/studio/posts                   → StudioPost (a new draft)
 *   PUT  /api/studio/posts/{id}              → StudioPost (edits the text; a published post changes at once)
 *   POST /api/studio/posts/{id}/publish      → StudioPost (now, or at `publishAt`: scheduled)
 *   POST /api/studio/posts/{id}/unpublish    → StudioPost (back to draft; gone from explore)
 *   POST /api/studio/posts/preview           → PostPreview (the Markdown rendered and sanitised as in explore)
 *   POST /api/studio/posts/images            → UploadedImage (multipart field "file"; PNG, JPEG or WebP)
 *
 * A post is visible to founders when it is published and its publish time has come.
 */

export const STUDIO_POST_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Hero images: uploaded ones (served by the API), the content pack's, or any https URL. */
export const HERO_IMAGE_URL =
  /^(https:\/\/\S+|\/api\/content\/\S+|\/api\/explore\/images\/[a-z0-9-]+\.(png|jpg|webp))$/i;

export const studioPostStatus = z.enum(['draft', 'scheduled', 'published']);
export type StudioPostStatus = z.infer<typeof studioPostStatus>;

export const studioPostSummary = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  author: z.string(),
  heroImageUrl: z.string(),
  heroImageAlt: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  status: studioPostStatus,
  /** When it appears (or appeared) in explore; null for a draft. */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  /** `pack`: imported from content/blog; `studio`: written or since edited in the studio. */
  origin: z.enum(['pack', 'studio']),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type StudioPostSummary = z.infer<typeof studioPostSummary>;

export const studioPost = studioPostSummary.extend({ bodyMarkdown: z.string() });
export type StudioPost = z.infer<typeof studioPost>;

/**
 * A post as the editor saves it. A draft saves with any of these empty (an empty slug is made from the title);
 * publishing, and editing a post founders already see, need every field in `PUBLISH_NEEDS`.
 */
export const studioPostBody = z
  .object({
    title: z.string().trim().max(200).default(''),
    slug: z
      .string()
      .regex(/^$|^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use a-z, 0-9 and single dashes')
      .max(120)
      .default(''),
    excerpt: z.string().trim().max(200).default(''),
    author: z.string().trim().max(100).default(''),
    bodyMarkdown: z.string().trim().max(100_000).default(''),
    heroImageUrl: z
      .string()
      .max(2000)
      .regex(new RegExp(`^$|${HERO_IMAGE_URL.source}`, 'i'), 'Upload an image or give an https address')
      .default(''),
    heroImageAlt: z.string().trim().max(300).default(''),
    categories: z.array(z.string().max(120)).max(2).default([]),
    tags: z.array(z.string().max(120)).max(6).default([]),
  })
  .strict()
  .meta({
    examples: [
      {
        title: 'Five interview mistakes',
        slug: 'five-interview-mistakes',
        excerpt: 'What founders get wrong in their first customer calls.',
        author: 'Pat Program',
        bodyMarkdown: '## Stop pitching\n\nAsk about the last time it happened.',
        heroImageUrl: '/api/explore/images/3f1c2a4e-8b7d-4c6e-9a10-2b3c4d5e6f70.png',
        heroImageAlt: 'A founder taking notes',
        categories: ['customer-discovery'],
        tags: ['interviews'],
      },
    ],
  });
export type StudioPostBody = z.infer<typeof studioPostBody>;

/** What publishing needs, each with the message shown on its field when it is missing. */
export const PUBLISH_NEEDS = {
  title: 'Publishing needs a title',
  excerpt: 'Publishing needs an excerpt',
  author: 'Publishing needs an author',
  categories: 'Publishing needs a category',
  heroImageUrl: 'Publishing needs a hero image',
  heroImageAlt: 'Publishing needs a description of the hero image',
  bodyMarkdown: 'Publishing needs the post itself',
} as const satisfies Partial<Record<keyof StudioPostBody, string>>;

/** `GET /api/studio/posts?status=`: only the posts in that state. */
export const studioPostsQuery = z.object({ status: studioPostStatus.optional() }).strict();
export type StudioPostsQuery = z.infer<typeof studioPostsQuery>;

export const publishPostBody = z
  .object({
    /** When the post should appear; absent = now. A time in the future schedules it. */
    publishAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type PublishPostBody = z.infer<typeof publishPostBody>;

export const studioPostParams = z.object({ id: z.uuid() });

export const postPreviewBody = z.object({ bodyMarkdown: z.string().max(100_000) }).strict();
export const postPreview = z.object({ html: z.string() });
export type PostPreview = z.infer<typeof postPreview>;

export const uploadedImage = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImage>;

export const exploreSourceInfo = z.object({
  kind: z.enum(['builtin', 'wix']),
  /** Where the team edits posts when they come from Wix; null for the built-in store. */
  dashboardUrl: z.string().nullable(),
});
export type ExploreSourceInfo = z.infer<typeof exploreSourceInfo>;

export const exploreImageParams = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*\.(png|jpg|webp)$/, 'Unknown image'),
});

export const studioPostMessages = {
  list: 'Posts fetched successfully.',
  one: 'Post fetched successfully.',
  created: 'Draft saved.',
  saved: 'Post saved.',
  published: 'Post published.',
  scheduled: 'Post scheduled.',
  unpublished: 'Post unpublished.',
  preview: 'Preview rendered.',
  image: 'Image uploaded.',
  source: 'Explore source fetched successfully.',
  notFound: 'Post not found',
  wix: 'Explore posts come from Wix: edit them in the Wix dashboard.',
  slugTaken: 'Another post already uses this address (slug).',
  incomplete: 'Fill in the fields marked as needed before publishing.',
  unknownTaxonomy: 'Choose categories and tags from the list: there is no such entry.',
} as const;
