import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { PUBLISH_NEEDS, type StudioPost, type StudioPostBody } from '@liftoff/contracts/explore-studio';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import type { ApiExtra } from '../../../lib/api';
import { ArticleBody } from '../components/article-body';
import {
  useCreatePostMutation,
  useExploreSourceQuery,
  usePreviewPostMutation,
  useStudioPostQuery,
  useUpdatePostMutation,
  uploadHeroImage,
} from './api';
import { PostTaxonomyFields } from './post-taxonomy-fields';
import { PublishPanel } from './publish-panel';
import { ImageUploadButton } from '../../../components/image-upload-button';

type Dispatch = ThunkDispatch<unknown, ApiExtra, UnknownAction>;
type FieldErrors = Partial<Record<string, string>>;

const emptyPost: StudioPostBody = {
  title: '',
  slug: '',
  excerpt: '',
  author: '',
  bodyMarkdown: '',
  heroImageUrl: '',
  heroImageAlt: '',
  categories: [],
  tags: [],
};

/** A slug from the title, for a new post until the slug is typed by hand. */
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

const bodyOf = (post: StudioPost): StudioPostBody => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  author: post.author,
  bodyMarkdown: post.bodyMarkdown,
  heroImageUrl: post.heroImageUrl,
  heroImageAlt: post.heroImageAlt,
  categories: post.categories,
  tags: post.tags,
});

/** The API's field errors (`details`), keyed by the first part of the path (`categories.0` → categories). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const details = (error as { details?: { path: string; message: string }[] })?.details;
  return Object.fromEntries((details ?? []).map((d) => [d.path.split('.')[0], d.message]));
}

/** What a refusal says above the form: its message when no field carries it, else where to look. */
export const refusalOf = (error: unknown) =>
  (error as { message?: string })?.message ?? 'The post could not be saved. Please try again.';

/** Fields publishing needs are marked (an asterisk, and `aria-required`); a draft saves without them. */
const neededToPublish = (key: keyof StudioPostBody) => key in PUBLISH_NEEDS;

/** The live preview: the Markdown rendered by the API exactly as explore serves it, shown as explore shows it. */
function Preview({ markdown }: { markdown: string }) {
  const [preview, { data, isError }] = usePreviewPostMutation();
  useEffect(() => {
    const timer = setTimeout(() => void preview(markdown), 400);
    return () => clearTimeout(timer);
  }, [markdown, preview]);
  return (
    <Card variant="outlined" component="section" aria-labelledby="preview-title">
      <CardContent>
        <Typography id="preview-title" component="h2" variant="overline" sx={{ color: 'text.secondary' }}>
          Preview
        </Typography>
        {isError ? (
          <Typography sx={{ color: 'error.main' }}>
            The preview could not be rendered. Keep writing.
          </Typography>
        ) : markdown.trim() && data ? (
          <ArticleBody html={data.html} />
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>
            Your post appears here as founders will read it.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function Editor({ post }: { post: StudioPost | null }) {
  const navigate = useNavigate();
  const dispatch = useDispatch<Dispatch>();
  const [values, setValues] = useState<StudioPostBody>(post ? bodyOf(post) : emptyPost);
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const [create, creating] = useCreatePostMutation();
  const [update, updating] = useUpdatePostMutation();
  const set = <K extends keyof StudioPostBody>(key: K, value: StudioPostBody[K]) =>
    setValues((v) => ({
      ...v,
      [key]: value,
      ...(key === 'title' && !slugTouched ? { slug: slugOf(value as string) } : {}),
    }));

  /** Shows a refusal: each field's message on its field, the request's message above the buttons. */
  const refused = (error: unknown) => {
    setErrors(fieldErrorsOf(error));
    setRefusal(refusalOf(error));
  };

  /** Saves what is on screen; true when it was saved. */
  const save = async () => {
    setErrors({});
    setRefusal('');
    try {
      if (post) await update({ id: post.id, body: values }).unwrap();
      else {
        const created = await create(values).unwrap();
        void navigate(`/studio/posts/${encodeURIComponent(created.id)}`, { replace: true });
      }
      return true;
    } catch (error) {
      refused(error);
      return false;
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError('');
    try {
      set('heroImageUrl', (await dispatch(uploadHeroImage(file))).url);
    } catch (error) {
      setUploadError((error as { message?: string }).message ?? 'The image could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };

  const text = (key: keyof StudioPostBody, label: string, extra: object = {}) => (
    <TextField
      label={label}
      required={neededToPublish(key)}
      value={values[key] as string}
      error={Boolean(errors[key])}
      helperText={errors[key]}
      onChange={(event) => {
        if (key === 'slug') setSlugTouched(true);
        set(key, event.target.value);
      }}
      fullWidth
      {...extra}
    />
  );

  return (
    <Stack spacing={3}>
      <PageTitle>{post ? 'Edit post' : 'Write a post'}</PageTitle>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2.5} sx={{ flex: 1, width: '100%', minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            A draft saves with any fields filled. Those marked * are needed to publish.
          </Typography>
          {text('title', 'Title')}
          {text('slug', 'Address (slug)', {
            helperText: errors.slug ?? `Appears at /explore/post/${values.slug || '…'}`,
          })}
          {text('excerpt', 'Excerpt', { multiline: true, minRows: 2 })}
          {text('author', 'Author')}
          <PostTaxonomyFields
            categories={values.categories}
            tags={values.tags}
            errors={errors}
            categoriesRequired
            onChange={(key, value) => set(key, value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            {text('heroImageUrl', 'Hero image address')}
            <ImageUploadButton
              uploading={uploading}
              label="Upload image"
              onFile={(file) => void upload(file)}
              sx={{ flexShrink: 0, minHeight: 56 }}
            />
          </Stack>
          {uploadError ? <Alert severity="error">{uploadError}</Alert> : null}
          {values.heroImageUrl ? (
            <Box
              component="img"
              src={values.heroImageUrl}
              alt={values.heroImageAlt}
              sx={{ maxWidth: 320, maxHeight: 180, objectFit: 'cover', borderRadius: 2 }}
            />
          ) : null}
          {text('heroImageAlt', 'Hero image description (alt text)')}
          {text('bodyMarkdown', 'Post (Markdown)', { multiline: true, minRows: 12 })}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              disabled={creating.isLoading || updating.isLoading}
              onClick={() => void save()}
            >
              {post ? 'Save changes' : 'Save draft'}
            </Button>
            <Button onClick={() => void navigate('/studio/posts')}>Back to posts</Button>
          </Stack>
          {refusal ? (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          ) : null}
          {post ? <PublishPanel post={post} beforePublish={save} onRefused={refused} /> : null}
        </Stack>
        <Box sx={{ flex: 1, width: '100%', minWidth: 0 }}>
          <Preview markdown={values.bodyMarkdown} />
        </Box>
      </Stack>
    </Stack>
  );
}

function ExistingPost({ id }: { id: string }) {
  const { data, error, refetch } = useStudioPostQuery(id);
  if (error) return <LoadError error={error} onRetry={() => void refetch()} what="the post" />;
  if (!data) return <PageSkeleton label="Loading the post" cards={2} height={240} />;
  return <Editor key={data.id} post={data} />;
}

/** Writes a new post (`/studio/posts/new`) or edits one; not offered when explore reads Wix. */
export function PostEditorPage() {
  const { postId = 'new' } = useParams();
  const source = useExploreSourceQuery();
  if (source.error)
    return <LoadError error={source.error} onRetry={() => void source.refetch()} what="the editor" />;
  if (!source.data) return <PageSkeleton label="Loading the editor" cards={2} height={240} />;
  if (source.data.kind === 'wix')
    return (
      <Alert severity="info">
        Explore shows the posts of your Wix blog: write them in the{' '}
        <a href={source.data.dashboardUrl!} target="_blank" rel="noopener noreferrer">
          Wix dashboard
        </a>
        .
      </Alert>
    );
  return postId === 'new' ? <Editor post={null} /> : <ExistingPost id={postId} />;
}
