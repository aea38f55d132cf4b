import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import YAML from 'yaml';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contentDir } from '../../lib/paths.js';
import { htmlToText, isSafeImageSource, markdownToSafeHtml } from '../../lib/content-html.js';
import { minutesToRead } from './reading-time.js';
import { exploreRepository, type PostRecord } from './repository.js';

/*
 * The blog importer: content/blog (categories.yaml, tags.yaml, posts/<slug>.md) → PostgreSQL.
 * Everything is validated before anything is written; a bad file is refused with the file and the field
 * named. Posts are upserted by slug in one transaction: a re-import updates changed posts (a hash of the
 * source file decides), never touches counted views, and removes posts, categories and tags whose files
 * or entries are gone (unless `prune: false`).
 */

/** A content file that does not follow the content pack's schema (content/blog/README.md). */
export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${file}: ${field ? `${field}: ` : ''}${problem}`);
    this.name = 'ContentError';
  }
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slug = z.string().regex(SLUG, 'must be kebab-case (a-z, 0-9 and single dashes)');
const CONTENT_URL_PREFIX = '/api/content/';

const categoryEntry = z
  .object({
    key: slug.refine((value) => value !== 'all', '"all" is reserved for the synthetic All entry'),
    title: z.string().trim().min(1).max(60),
    label: z.string().trim().min(1).max(100),
    description: z.string().trim().min(1).max(500),
  })
  .strict();
const tagEntry = z.object({ key: slug, label: z.string().trim().min(1).max(60) }).strict();

const metricsSchema = z
  .object({
    views: z.number().int().min(0).default(0),
    likes: z.number().int().min(0).default(0),
    comments: z.number().int().min(0).default(0),
    ratings: z.number().int().min(0).default(0),
    averageRating: z.number().min(0).max(5).default(0),
  })
  .strict();

const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    slug,
    excerpt: z.string().trim().min(1).max(200),
    author: z.string().trim().min(1).max(100),
    firstPublishedDate: z.iso.datetime({ offset: true }),
    lastPublishedDate: z.iso.datetime({ offset: true }),
    categories: z.array(slug).min(1).max(2),
    tags: z.array(slug).min(2).max(4),
    heroImage: z.string().refine(isSafeImageSource, 'must be an /api/content/... path or an https URL'),
    heroImageAlt: z.string().trim().min(1).max(300),
    featured: z.boolean().default(false),
    metrics: metricsSchema.default({ views: 0, likes: 0, comments: 0, ratings: 0, averageRating: 0 }),
  })
  .strict();

export type BlogPack = {
  categories: z.infer<typeof categoryEntry>[];
  tags: z.infer<typeof tagEntry>[];
  posts: { file: string; hash: string; frontMatter: z.infer<typeof frontMatterSchema>; body: string }[];
};

function check<T extends z.ZodType>(schema: T, value: unknown, file: string, prefix = ''): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const keys = issue.code === 'unrecognized_keys' ? `.${issue.keys.join(', ')}` : '';
  const field = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') + keys;
  const message = issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
  throw new ContentError(file, field.replace(/^\./, ''), message);
}

function readYamlList(dir: string, name: string, relative: (p: string) => string): unknown[] {
  const file = path.join(dir, name);
  if (!existsSync(file)) throw new ContentError(relative(file), '', 'file is missing');
  let value: unknown;
  try {
    value = YAML.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContentError(relative(file), '', `not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  if (!Array.isArray(value)) throw new ContentError(relative(file), '', 'must be a YAML list');
  return value;
}

/** The width/height attributes of an SVG's root element, when it has them. */
function svgSize(file: string): { width?: number; height?: number } {
  if (!file.endsWith('.svg')) return {};
  const root = /<svg\b[^>]*>/i.exec(readFileSync(file, 'utf8').slice(0, 4000))?.[0] ?? '';
  const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
  return { ...(width > 0 ? { width } : {}), ...(height > 0 ? { height } : {}) };
}

/**
 * Reads and validates a blog folder. `contentRoot` is the folder /api/content/ URLs map to (the blog
 * folder's parent by default), used to check that hero images exist.
 */
export function loadBlogPack(
  blogDir: string,
  contentRoot = path.dirname(blogDir),
): BlogPack & { heroSizes: Map<string, { width?: number; height?: number }> } {
  const relative = (file: string) => path.relative(contentRoot, file) || file;
  const categoryRows = readYamlList(blogDir, 'categories.yaml', relative).map((entry, index) =>
    check(categoryEntry, entry, relative(path.join(blogDir, 'categories.yaml')), `[${index}]`),
  );
  const tagRows = readYamlList(blogDir, 'tags.yaml', relative).map((entry, index) =>
    check(tagEntry, entry, relative(path.join(blogDir, 'tags.yaml')), `[${index}]`),
  );
  const unique = (keys: string[], file: string) => {
    const seen = new Set<string>();
    keys.forEach((key, index) => {
      if (seen.has(key)) throw new ContentError(file, `[${index}].key`, `"${key}" is listed twice`);
      seen.add(key);
    });
    return seen;
  };
  const categoryKeys = unique(
    categoryRows.map((c) => c.key),
    relative(path.join(blogDir, 'categories.yaml')),
  );
  const tagKeys = unique(
    tagRows.map((t) => t.key),
    relative(path.join(blogDir, 'tags.yaml')),
  );

  const postsDir = path.join(blogDir, 'posts');
  const files = existsSync(postsDir)
    ? readdirSync(postsDir)
        .filter((name) => name.endsWith('.md'))
        .sort()
    : [];
  const posts: BlogPack['posts'] = [];
  const heroSizes = new Map<string, { width?: number; height?: number }>();
  const publishedAt = new Map<string, string>();
  for (const name of files) {
    const full = path.join(postsDir, name);
    const file = relative(full);
    const source = readFileSync(full, 'utf8');
    let parsed: matter.GrayMatterFile<string>;
    try {
      // The yaml package (YAML 1.2) keeps ISO dates as strings, as the schema expects.
      parsed = matter(source, { engines: { yaml: (text: string) => (YAML.parse(text) ?? {}) as object } });
    } catch (error) {
      throw new ContentError(
        file,
        'front matter',
        `not valid YAML (${(error as Error).message.split('\n')[0]})`,
      );
    }
    if (!source.trimStart().startsWith('---'))
      throw new ContentError(file, 'front matter', 'is missing (start the file with ---)');
    const frontMatter = check(frontMatterSchema, parsed.data, file);
    if (`${frontMatter.slug}.md` !== name)
      throw new ContentError(file, 'slug', `must equal the file name ("${name.replace(/\.md$/, '')}")`);
    if (Date.parse(frontMatter.lastPublishedDate) < Date.parse(frontMatter.firstPublishedDate)) {
      throw new ContentError(file, 'lastPublishedDate', 'must not be before firstPublishedDate');
    }
    const instant = new Date(frontMatter.firstPublishedDate).toISOString();
    const other = publishedAt.get(instant);
    if (other)
      throw new ContentError(
        file,
        'firstPublishedDate',
        `is the same as in ${other}; each post needs its own`,
      );
    publishedAt.set(instant, file);
    frontMatter.categories.forEach((key, index) => {
      if (!categoryKeys.has(key))
        throw new ContentError(
          file,
          `categories.${index}`,
          `unknown category "${key}" (not in categories.yaml)`,
        );
    });
    frontMatter.tags.forEach((key, index) => {
      if (!tagKeys.has(key))
        throw new ContentError(file, `tags.${index}`, `unknown tag "${key}" (not in tags.yaml)`);
    });
    if (frontMatter.heroImage.startsWith(CONTENT_URL_PREFIX)) {
      const target = path.resolve(contentRoot, frontMatter.heroImage.slice(CONTENT_URL_PREFIX.length));
      if (!target.startsWith(path.resolve(contentRoot) + path.sep) || !existsSync(target)) {
        throw new ContentError(
          file,
          'heroImage',
          `points to a file that does not exist (${frontMatter.heroImage})`,
        );
      }
      heroSizes.set(frontMatter.slug, svgSize(target));
    }
    if (!parsed.content.trim()) throw new ContentError(file, 'body', 'is empty');
    posts.push({
      file,
      hash: createHash('sha256').update(source).digest('hex'),
      frontMatter,
      body: parsed.content,
    });
  }
  return { categories: categoryRows, tags: tagRows, posts, heroSizes };
}

export interface BlogImportResult {
  categories: number;
  tags: number;
  posts: { created: number; updated: number; unchanged: number; removed: number };
}

/** Validates, then writes the blog in one transaction. Safe to run on every start. */
export async function importBlog(
  db: Db,
  options: { dir?: string; contentRoot?: string; prune?: boolean } = {},
): Promise<BlogImportResult> {
  const dir = options.dir ?? path.join(contentDir, 'blog');
  const pack = loadBlogPack(dir, options.contentRoot);
  const prune = options.prune ?? true;
  return db.transaction(async (tx) => {
    const repository = exploreRepository(tx);
    const categoryIds = await repository.upsertCategories(
      pack.categories.map((c, position) => ({
        slug: c.key,
        title: c.title,
        label: c.label,
        description: c.description,
        position,
      })),
    );
    const tagIds = await repository.upsertTags(
      pack.tags.map((t, position) => ({ slug: t.key, label: t.label, position })),
    );
    const existing = await repository.postHashes();
    const studioOwned = await repository.studioSlugs();
    const result: BlogImportResult = {
      categories: pack.categories.length,
      tags: pack.tags.length,
      posts: { created: 0, updated: 0, unchanged: 0, removed: 0 },
    };
    for (const post of pack.posts) {
      const fm = post.frontMatter;
      const previous = existing.get(fm.slug);
      if (previous === post.hash || studioOwned.has(fm.slug)) {
        result.posts.unchanged++;
        continue;
      }
      const contentHtml = markdownToSafeHtml(post.body);
      const contentText = htmlToText(contentHtml);
      const size = pack.heroSizes.get(fm.slug) ?? {};
      const record: PostRecord = {
        slug: fm.slug,
        title: fm.title,
        excerpt: fm.excerpt,
        author: fm.author,
        bodyMarkdown: post.body,
        contentHtml,
        contentText,
        heroImageUrl: fm.heroImage,
        heroImageAlt: fm.heroImageAlt,
        heroImageWidth: size.width ?? null,
        heroImageHeight: size.height ?? null,
        featured: fm.featured,
        firstPublishedAt: new Date(fm.firstPublishedDate),
        lastPublishedAt: new Date(fm.lastPublishedDate),
        minutesToRead: minutesToRead(contentText),
        seedViews: fm.metrics.views,
        likes: fm.metrics.likes,
        comments: fm.metrics.comments,
        ratings: fm.metrics.ratings,
        averageRating: fm.metrics.averageRating,
        sourceHash: post.hash,
      };
      const postId = await repository.upsertPost(record);
      await repository.setPostLinks(
        postId,
        fm.categories.map((key) => categoryIds.get(key)!),
        fm.tags.map((key) => tagIds.get(key)!),
      );
      if (previous === undefined) result.posts.created++;
      else result.posts.updated++;
    }
    if (prune) {
      result.posts.removed = await repository.removePostsExcept(pack.posts.map((p) => p.frontMatter.slug));
      await repository.removeCategoriesExcept(pack.categories.map((c) => c.key));
      await repository.removeTagsExcept(pack.tags.map((t) => t.key));
    }
    return result;
  });
}
