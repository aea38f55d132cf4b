import type {
  Category,
  Image,
  ModerationDetails,
  PostMedia,
  PostSummary,
  PostTranslation,
  Tag,
} from '@liftoff/contracts/explore';
import type { posts as wixPosts } from '@wix/blog';
import { wixImageUrl } from './ricos.js';

/*
 * Mapping: a Wix blog post, as the SDK answers it, to the contract's post shapes. Wix leaves out what a post
 * lacks, so every field falls back to an empty value rather than failing the page.
 */

export type WixPost = wixPosts.Post & {
  metrics?: { comments?: number; likes?: number; views?: number };
  translations?: {
    _id?: string;
    id?: string;
    language?: string | null;
    slug?: string | null;
    url?: string | null;
  }[];
  coverMedia?: { image?: unknown; altText?: string | null; displayed?: boolean } | null;
};

const iso = (value: unknown): string | null => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** A Wix image (SDK `wix:image://` string, REST image object or URL) → the contract's image. */
export function toImage(value: unknown, alt: string): Image | null {
  let reference: string | null = null;
  let width: number | undefined;
  let height: number | undefined;
  if (typeof value === 'string') reference = value;
  else if (value && typeof value === 'object') {
    const object = value as { id?: string; url?: string; width?: number; height?: number };
    reference = object.id || object.url || null;
    width = object.width;
    height = object.height;
  }
  const image = wixImageUrl(reference);
  if (!image) return null;
  const w = width ?? image.width;
  const h = height ?? image.height;
  return {
    url: image.url,
    alt,
    ...(w && w > 0 ? { width: Math.trunc(w) } : {}),
    ...(h && h > 0 ? { height: Math.trunc(h) } : {}),
  };
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;

export function mediaOf(post: WixPost): PostMedia | null {
  const media = post.media;
  if (!media) return null;
  const alt = media.altText ?? post.title ?? '';
  const video = media.wixMedia?.videoV2 as unknown;
  const embed = media.embedMedia;
  return {
    image: toImage(media.wixMedia?.image ?? embed?.thumbnail?.url ?? null, alt),
    videoUrl: typeof video === 'string' && /^https:\/\//.test(video) ? video : null,
    embedUrl: embed?.video?.url && /^https:\/\//.test(embed.video.url) ? embed.video.url : null,
    displayed: media.displayed ?? false,
  };
}

export function moderationOf(post: WixPost): ModerationDetails | null {
  const details = post.moderationDetails;
  if (!details) return null;
  return {
    status: String(details.status ?? 'UNKNOWN'),
    submittedBy: details.submittedBy ?? null,
    submittedDate: iso(details.submittedDate),
    moderatedBy: details.moderatedBy ?? null,
    moderationDate: iso(details.moderationDate),
  };
}

export function translationsOf(post: WixPost): PostTranslation[] {
  return (post.translations ?? []).flatMap((t): PostTranslation[] => {
    const id = t._id ?? t.id;
    return id && t.language && t.slug
      ? [{ _id: id, language: t.language, slug: t.slug, url: t.url ?? '' }]
      : [];
  });
}

export function summaryOf(post: WixPost, categoryList: Category[], tagList: Tag[]): PostSummary {
  const title = post.title ?? '';
  const published = iso(post.firstPublishedDate) ?? iso(post.lastPublishedDate) ?? new Date(0).toISOString();
  const metrics = post.metrics ?? {};
  return {
    _id: post._id ?? post.slug ?? '',
    title,
    slug: post.slug ?? '',
    excerpt: post.excerpt ?? '',
    firstPublishedDate: published,
    lastPublishedDate: iso(post.lastPublishedDate) ?? published,
    url: typeof post.url === 'string' && post.url ? post.url : `/explore/post/${post.slug ?? ''}`,
    heroImage: toImage(post.heroImage ?? post.media?.wixMedia?.image ?? null, post.media?.altText ?? title),
    minutesToRead: count(post.minutesToRead),
    categories: (post.categoryIds ?? []).flatMap((id: string) => categoryList.filter((c) => c._id === id)),
    tags: (post.tagIds ?? []).flatMap((id: string) => tagList.filter((t) => t._id === id)),
    author: null,
    featured: post.featured ?? false,
    // Wix counts views, likes and comments; its blog has no ratings, so none are shown.
    metrics: {
      averageRating: null,
      ratings: null,
      comments: count(metrics.comments),
      likes: count(metrics.likes),
      views: count(metrics.views),
    },
  };
}
