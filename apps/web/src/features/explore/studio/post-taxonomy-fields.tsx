import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useExploreCategoriesQuery, useExploreTagsQuery } from '../api';

type Key = 'categories' | 'tags';

/** Categories (one or two) and tags (up to six), chosen from explore's own lists. */
export function PostTaxonomyFields({
  categories,
  tags,
  errors,
  onChange,
}: {
  categories: string[];
  tags: string[];
  errors: Partial<Record<string, string>>;
  onChange: (key: Key, value: string[]) => void;
}) {
  const categoryList = useExploreCategoriesQuery().data?.filter((c) => c.slug !== 'all') ?? [];
  const tagList = useExploreTagsQuery().data ?? [];
  const field = (
    key: Key,
    label: string,
    options: { slug: string; label: string }[],
    value: string[],
    max: number,
    help: string,
  ) => (
    <Autocomplete
      multiple
      options={options.map((o) => o.slug)}
      getOptionLabel={(slug) => options.find((o) => o.slug === slug)?.label ?? slug}
      getOptionDisabled={(slug) => value.length >= max && !value.includes(slug)}
      value={value}
      onChange={(_event, next) => onChange(key, next)}
      renderInput={(params) => (
        <TextField {...params} label={label} error={Boolean(errors[key])} helperText={errors[key] ?? help} />
      )}
    />
  );
  return (
    <Stack spacing={2.5}>
      {field(
        'categories',
        'Categories',
        categoryList.map((c) => ({ slug: c.slug, label: c.title })),
        categories,
        2,
        'One or two',
      )}
      {field('tags', 'Tags', tagList, tags, 6, 'Up to six')}
    </Stack>
  );
}
