import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useExploreCategoriesQuery, useExploreTagsQuery } from '../api';

type Key = 'categories' | 'tags';

/**
 * What the field says about text typed that names no entry: explore's categories and tags come from the
 * content pack, so a new one is not made here; the text stays in the field with this message rather than
 * vanishing when the field is left.
 */
export const notInList = (key: Key, typed: string) =>
  `There is no ${key === 'categories' ? 'category' : 'tag'} "${typed}": choose one from the list`;

function TaxonomyField({
  taxonomy,
  label,
  options,
  value,
  max,
  help,
  error,
  required,
  onChange,
}: {
  taxonomy: Key;
  label: string;
  options: { slug: string; label: string }[];
  value: string[];
  max: number;
  help: string;
  error: string | undefined;
  required?: boolean;
  onChange: (value: string[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const [left, setLeft] = useState(false);
  const matches = (text: string) =>
    options.some((o) => o.label.toLowerCase().includes(text.trim().toLowerCase()));
  const unknown = left && typed.trim() !== '' && !matches(typed) ? notInList(taxonomy, typed.trim()) : '';
  return (
    <Autocomplete
      multiple
      options={options.map((o) => o.slug)}
      getOptionLabel={(slug) => options.find((o) => o.slug === slug)?.label ?? slug}
      getOptionDisabled={(slug) => value.length >= max && !value.includes(slug)}
      value={value}
      inputValue={typed}
      clearOnBlur={false}
      noOptionsText={typed.trim() ? notInList(taxonomy, typed.trim()) : 'No options'}
      onInputChange={(_event, next, reason) => {
        // Choosing an option clears the text; leaving the field keeps it, so an unknown entry is seen.
        if (reason !== 'blur') setTyped(next);
        if (reason === 'input') setLeft(false);
      }}
      onBlur={() => setLeft(true)}
      onChange={(_event, next) => {
        setTyped('');
        onChange(next);
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(unknown || error)}
          helperText={unknown || error || help}
        />
      )}
    />
  );
}

/** Categories (one or two) and tags (up to six), chosen from explore's own lists. */
export function PostTaxonomyFields({
  categories,
  tags,
  errors,
  categoriesRequired,
  onChange,
}: {
  categories: string[];
  tags: string[];
  errors: Partial<Record<string, string>>;
  /** Marks categories as needed to publish. */
  categoriesRequired?: boolean;
  onChange: (key: Key, value: string[]) => void;
}) {
  const categoryList = useExploreCategoriesQuery().data?.filter((c) => c.slug !== 'all') ?? [];
  const tagList = useExploreTagsQuery().data ?? [];
  return (
    <Stack spacing={2.5}>
      <TaxonomyField
        taxonomy="categories"
        label="Categories"
        options={categoryList.map((c) => ({ slug: c.slug, label: c.title }))}
        value={categories}
        max={2}
        help="One or two"
        error={errors.categories}
        required={categoriesRequired}
        onChange={(value) => onChange('categories', value)}
      />
      <TaxonomyField
        taxonomy="tags"
        label="Tags"
        options={tagList}
        value={tags}
        max={6}
        help="Up to six"
        error={errors.tags}
        onChange={(value) => onChange('tags', value)}
      />
    </Stack>
  );
}
