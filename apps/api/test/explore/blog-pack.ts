import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestPost {
  slug: string;
  title?: string;
  firstPublishedDate?: string;
  categories?: string[];
  tags?: string[];
  excerpt?: string;
  body?: string;
  /** Replaces the whole front matter block (for broken files). */
  rawFrontMatter?: string;
}

/** Writes a small blog content pack into a temp folder (content/blog layout) and returns the blog folder. */
export function writeBlogPack(posts: TestPost[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'liftoff-blog-'));
  const blog = path.join(root, 'blog');
  mkdirSync(path.join(blog, 'posts'), { recursive: true });
  mkdirSync(path.join(blog, 'images'), { recursive: true });
  writeFileSync(
    path.join(blog, 'categories.yaml'),
    '- key: testing\n  title: Testing\n  label: Testing Posts\n  description: Posts written by the tests.\n',
  );
  writeFileSync(path.join(blog, 'tags.yaml'), '- key: alpha\n  label: Alpha\n- key: beta\n  label: Beta\n');
  writeFileSync(
    path.join(blog, 'images', 'hero.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img"><title>Hero</title></svg>',
  );
  for (const post of posts) {
    const frontMatter =
      post.rawFrontMatter ??
      [
        `title: ${JSON.stringify(post.title ?? `Test post ${post.slug}`)}`,
        `slug: ${post.slug}`,
        `excerpt: ${JSON.stringify(post.excerpt ?? 'A short excerpt written by the tests.')}`,
        'author: Test Author',
        `firstPublishedDate: ${post.firstPublishedDate ?? '2026-01-01T09:00:00.000Z'}`,
        `lastPublishedDate: ${post.firstPublishedDate ?? '2026-01-01T09:00:00.000Z'}`,
        `categories: [${(post.categories ?? ['testing']).join(', ')}]`,
        `tags: [${(post.tags ?? ['alpha', 'beta']).join(', ')}]`,
        'heroImage: /api/content/blog/images/hero.svg',
        'heroImageAlt: "A plain test image"',
      ].join('\n');
    writeFileSync(
      path.join(blog, 'posts', `${post.slug}.md`),
      `---\n${frontMatter}\n---\n\n${post.body ?? 'Some words in a body.'}\n`,
    );
  }
  return blog;
}
