import { randomUUID } from 'node:crypto';
import type {
  PublishPostBody,
  StudioPost,
  StudioPostBody,
  StudioPostStatus,
  StudioPostSummary,
} from '@liftoff/contracts/explore-studio';
import { PUBLISH_NEEDS, studioPostMessages } from '@liftoff/contracts/explore-studio';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuditLog } from '../../plugins/audit.js';
import { htmlToText, markdownToSafeHtml } from '../../lib/content-html.js';
import { minutesToRead } from './reading-time.js';
import { studioPostsRepository, type StudioPostRow } from './studio-repository.js';

export interface StudioPostsDeps {
  db: Db;
  audit: Pick<AuditLog, 'record'>;
  /** True when explore reads Wix: the built-in store is not what founders see, so nothing here may change. */
  wix: boolean;
  now?: () => Date;
}

export type StudioPostsService = ReturnType<typeof createStudioPostsService>;

/** A slug from a title; the editor offers the same one while the slug is not typed by hand. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 110)
    .replace(/-+$/, '');

/** Each field publishing needs that is empty, as a field error (400 details). */
const missingForPublishing = (post: Pick<StudioPost, keyof typeof PUBLISH_NEEDS>) =>
  (Object.keys(PUBLISH_NEEDS) as (keyof typeof PUBLISH_NEEDS)[])
    .filter((field) => (typeof post[field] === 'string' ? !post[field] : !post[field].length))
    .map((field) => ({ path: field, message: PUBLISH_NEEDS[field] }));

/** The date a post is listed by: when it appears (or appeared) in explore, or a draft's last edit. */
const listedAt = (post: StudioPostSummary) => post.publishAt ?? post.updatedAt;

/** The fields of a post the audit log keeps (the body is summarised by its length, not copied). */
const auditView = (
  row: Pick<StudioPost, 'slug' | 'title' | 'excerpt' | 'author' | 'heroImageUrl' | 'bodyMarkdown'>,
  categories: string[],
  tags: string[],
) => ({
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  author: row.author,
  heroImageUrl: row.heroImageUrl,
  bodyLength: row.bodyMarkdown.length,
  categories,
  tags,
});

/**
 * Writing explore posts in the studio: drafts, edits, publishing now or at a time, unpublishing. Each change
 * commits with its audit entry. The Markdown goes through the same renderer and sanitiser as the pack import.
 */
export function createStudioPostsService(deps: StudioPostsDeps) {
  const { db } = deps;
  const clock = deps.now ?? (() => new Date());

  const statusOf = (row: StudioPostRow, now: Date): StudioPostStatus =>
    row.state === 'draft' ? 'draft' : row.firstPublishedAt > now ? 'scheduled' : 'published';

  async function summaries(rows: StudioPostRow[], repo = studioPostsRepository(db)) {
    const ids = rows.map((row) => row.id);
    const [categories, tags] = [await repo.categoriesOf(ids), await repo.tagsOf(ids)];
    const now = clock();
    return rows.map((row): StudioPost => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      author: row.author,
      heroImageUrl: row.heroImageUrl,
      heroImageAlt: row.heroImageAlt,
      categories: categories.filter((c) => c.postId === row.id).map((c) => c.slug),
      tags: tags.filter((t) => t.postId === row.id).map((t) => t.slug),
      status: statusOf(row, now),
      publishAt: row.state === 'draft' ? null : row.firstPublishedAt.toISOString(),
      origin: row.origin,
      updatedAt: row.updatedAt.toISOString(),
      bodyMarkdown: row.bodyMarkdown,
    }));
  }

  async function one(id: string, repo = studioPostsRepository(db)): Promise<StudioPost> {
    const row = await repo.find(id);
    if (!row) throw notFound(studioPostMessages.notFound);
    return (await summaries([row], repo))[0]!;
  }

  const refuseOnWix = () => {
    if (deps.wix) throw conflict(studioPostMessages.wix);
  };

  /** Checks the category and tag slugs exist (400 naming the entry) and answers their ids. */
  async function linkIds(tx: DbOrTx, body: StudioPostBody) {
    const repo = studioPostsRepository(tx);
    const [categoryIds, tagIds] = [await repo.categoryIds(body.categories), await repo.tagIds(body.tags)];
    const unknown = [
      ...body.categories.flatMap((slug, i) =>
        categoryIds.has(slug)
          ? []
          : [
              {
                path: `categories.${i}`,
                message: `There is no category "${slug}": choose one from the list`,
              },
            ],
      ),
      ...body.tags.flatMap((slug, i) =>
        tagIds.has(slug)
          ? []
          : [{ path: `tags.${i}`, message: `There is no tag "${slug}": choose one from the list` }],
      ),
    ];
    if (unknown.length) throw badRequest(studioPostMessages.unknownTaxonomy, unknown);
    return {
      categories: [...new Set(body.categories)].map((slug) => categoryIds.get(slug)!),
      tags: [...new Set(body.tags)].map((slug) => tagIds.get(slug)!),
    };
  }

  /**
   * The slug the post is saved under: the one typed (400 when another post has it), or, when none is typed,
   * one made from the title (or a placeholder for an untitled draft), made unique.
   */
  async function slugFor(tx: DbOrTx, body: StudioPostBody, ownId?: string): Promise<string> {
    const repo = studioPostsRepository(tx);
    const free = async (slug: string) => {
      const taken = await repo.findBySlug(slug);
      return !taken || taken.id === ownId;
    };
    if (body.slug) {
      if (!(await free(body.slug)))
        throw badRequest(studioPostMessages.slugTaken, [{ path: 'slug', message: 'Already in use' }]);
      return body.slug;
    }
    const base = slugOf(body.title) || 'draft';
    if (base !== 'draft' && (await free(base))) return base;
    for (;;) {
      const candidate = `${base}-${randomUUID().slice(0, 6)}`;
      if (await free(candidate)) return candidate;
    }
  }

  const rendered = (body: StudioPostBody, slug: string) => {
    const contentHtml = markdownToSafeHtml(body.bodyMarkdown);
    const contentText = htmlToText(contentHtml);
    return {
      slug,
      title: body.title,
      excerpt: body.excerpt,
      author: body.author,
      bodyMarkdown: body.bodyMarkdown,
      contentHtml,
      contentText,
      heroImageUrl: body.heroImageUrl,
      heroImageAlt: body.heroImageAlt,
      // An uploaded or linked image has no known size; the pack's SVG sizes do not apply to it.
      heroImageWidth: null,
      heroImageHeight: null,
      minutesToRead: minutesToRead(contentText),
    };
  };

  return {
    /** Newest first by the date each shows (publish time, or a draft's last edit); one status when asked. */
    async list(status?: StudioPostStatus): Promise<StudioPostSummary[]> {
      const rows = await studioPostsRepository(db).listAll();
      return (await summaries(rows))
        .map(({ bodyMarkdown: _body, ...summary }): StudioPostSummary => summary)
        .filter((post) => !status || post.status === status)
        .sort((a, b) => listedAt(b).localeCompare(listedAt(a)) || b.id.localeCompare(a.id));
    },
    get: (id: string) => one(id),
    preview: (markdown: string) => ({ html: markdownToSafeHtml(markdown) }),

    async create(actorId: string, body: StudioPostBody): Promise<StudioPost> {
      refuseOnWix();
      const id = await db.transaction(async (tx) => {
        const slug = await slugFor(tx, body);
        const ids = await linkIds(tx, body);
        const repo = studioPostsRepository(tx);
        const row = await repo.insertDraft(rendered(body, slug), clock());
        await repo.setLinks(row.id, ids.categories, ids.tags);
        await deps.audit.record(
          {
            actorId,
            action: 'post.created',
            recordType: 'blog_post',
            recordId: row.id,
            before: null,
            after: { ...auditView(row, body.categories, body.tags), status: 'draft' },
          },
          tx,
        );
        return row.id;
      });
      return one(id);
    },

    async update(actorId: string, id: string, body: StudioPostBody): Promise<StudioPost> {
      refuseOnWix();
      await db.transaction(async (tx) => {
        const repo = studioPostsRepository(tx);
        const before = await one(id, repo);
        // Founders already see (or soon will see) a published or scheduled post: it stays complete.
        if (before.status !== 'draft') {
          const missing = missingForPublishing(body);
          if (missing.length) throw badRequest(studioPostMessages.incomplete, missing);
        }
        const slug = await slugFor(tx, body, id);
        const ids = await linkIds(tx, body);
        const values = rendered(body, slug);
        const row = (await repo.update(id, {
          ...values,
          // A published post's readers see the edit at once; its last-published date says so.
          ...(before.status === 'published' ? { lastPublishedAt: clock() } : {}),
        }))!;
        await repo.setLinks(id, ids.categories, ids.tags);
        await deps.audit.record(
          {
            actorId,
            action: 'post.updated',
            recordType: 'blog_post',
            recordId: id,
            before: auditView(before, before.categories, before.tags),
            after: auditView(row, body.categories, body.tags),
          },
          tx,
        );
      });
      return one(id);
    },

    /** Publishes now, or schedules: founders see it from `publishAt` on, not before. */
    async publish(actorId: string, id: string, body: PublishPostBody): Promise<StudioPost> {
      refuseOnWix();
      await db.transaction(async (tx) => {
        const repo = studioPostsRepository(tx);
        const before = await one(id, repo);
        const missing = missingForPublishing(before);
        if (missing.length) throw badRequest(studioPostMessages.incomplete, missing);
        const at = body.publishAt ? new Date(body.publishAt) : clock();
        await repo.update(id, { state: 'published', firstPublishedAt: at, lastPublishedAt: at });
        await deps.audit.record(
          {
            actorId,
            action: at > clock() ? 'post.scheduled' : 'post.published',
            recordType: 'blog_post',
            recordId: id,
            before: { status: before.status, publishAt: before.publishAt },
            after: { status: at > clock() ? 'scheduled' : 'published', publishAt: at.toISOString() },
          },
          tx,
        );
      });
      return one(id);
    },

    async unpublish(actorId: string, id: string): Promise<StudioPost> {
      refuseOnWix();
      await db.transaction(async (tx) => {
        const repo = studioPostsRepository(tx);
        const before = await one(id, repo);
        if (before.status === 'draft') return;
        await repo.update(id, { state: 'draft' });
        await deps.audit.record(
          {
            actorId,
            action: 'post.unpublished',
            recordType: 'blog_post',
            recordId: id,
            before: { status: before.status, publishAt: before.publishAt },
            after: { status: 'draft', publishAt: null },
          },
          tx,
        );
      });
      return one(id);
    },
  };
}
