import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { Category, Tag } from '@liftoff/contracts/explore';
import { ALL_CATEGORY, EXPLORE_SEARCH_MAX } from '@liftoff/contracts/explore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import SearchIcon from '@mui/icons-material/Search';
import { SearchField } from '../../../components/search-field';

type CategoryChipsProps = {
  categories: Category[] | undefined;
  loading: boolean;
  /** The selected slug; undefined = All. */
  selected: string | undefined;
  onSelect: (slug: string | undefined) => void;
};

/** Category filter: All first; the chosen chip is filled, ticked and announced as pressed. */
export function CategoryChips({ categories, loading, selected, onSelect }: CategoryChipsProps) {
  const labelId = useId();
  const list = categories?.length ? categories : [ALL_CATEGORY];
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" component="p" sx={{ mb: 1, color: 'text.secondary' }}>
        Category
      </Typography>
      <Box role="group" aria-labelledby={labelId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {list.map((category) => {
          const isAll = category.slug === ALL_CATEGORY.slug;
          const active = isAll ? !selected : selected === category.slug;
          return (
            <Chip
              key={category._id}
              label={category.title}
              clickable
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              icon={active ? <CheckIcon /> : undefined}
              aria-pressed={active}
              onClick={() => onSelect(isAll ? undefined : category.slug)}
              sx={{ minHeight: 36, fontWeight: active ? 700 : 500, borderRadius: 18 }}
            />
          );
        })}
        {loading && !categories
          ? [72, 96, 80, 110].map((width) => (
              <Skeleton key={width} variant="rounded" width={width} height={36} sx={{ borderRadius: 18 }} />
            ))
          : null}
      </Box>
    </Box>
  );
}

type TagSelectProps = {
  tags: Tag[] | undefined;
  selected: string | undefined;
  onSelect: (slug: string | undefined) => void;
};

/** Tag filter as a labelled select; "All tags" clears it. */
export function TagSelect({ tags, selected, onSelect }: TagSelectProps) {
  const known = tags ?? [];
  // A tag from a link that the list does not know yet still shows as chosen.
  const options =
    selected && !known.some((tag) => tag.slug === selected)
      ? [...known, { _id: selected, slug: selected, label: selected }]
      : known;
  return (
    <TextField
      select
      label="Tag"
      value={selected ?? ''}
      onChange={(event) => onSelect(event.target.value || undefined)}
      sx={{ minWidth: { sm: 220 } }}
      fullWidth={false}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All tags</MenuItem>
      {options.map((tag) => (
        <MenuItem key={tag._id} value={tag.slug}>
          {tag.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Free-text search, submitted with Enter or the button so the URL changes once, not per keystroke. */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (text?: string) => void;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label="Articles"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flex: 1, minWidth: 0 }}
    >
      <SearchField
        label="Search articles"
        value={text}
        onValueChange={setText}
        onClear={() => {
          setText('');
          if (value) onSearch(undefined);
        }}
        htmlInput={{ maxLength: EXPLORE_SEARCH_MAX, enterKeyHint: 'search' }}
      />
      <Button
        type="submit"
        variant="outlined"
        startIcon={<SearchIcon />}
        sx={{ minHeight: 56, flexShrink: 0 }}
      >
        Search
      </Button>
    </Box>
  );
}
