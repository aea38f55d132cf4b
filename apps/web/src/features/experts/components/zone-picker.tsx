import { useMemo } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { userTimeZone, zoneOptions, type ZoneOption } from '../lib/time';

// People type "new york" as often as "New_York", and search by offset too ("+05:30").
const filter = createFilterOptions<ZoneOption>({
  stringify: (option) => `${option.label} ${option.zone.replace(/_/g, ' ')}`,
});

/** A searchable time-zone picker: each zone with its UTC offset, the founder's own zone first. */
export function ZonePicker({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = useMemo(() => zoneOptions(userTimeZone(), [value]), [value]);
  const selected = options.find((option) => option.zone === value) ?? null;
  return (
    <Autocomplete
      options={options}
      value={selected}
      onChange={(_event, option) => {
        if (option) onChange(option.zone);
      }}
      filterOptions={filter}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, current) => option.zone === current.zone}
      disableClearable={Boolean(selected)}
      autoHighlight
      renderInput={(params) => (
        <TextField {...params} label="Time zone" helperText="Times are shown in this zone." />
      )}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}
