import { useState } from 'react';
import type { ExpertService } from '@liftoff/contracts/experts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLazyAvailabilityPreviewQuery } from '../availability-api';

/** Every zone the browser knows, for "see it as a founder in …". */
export const timeZones: string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

export function ZoneSelect(props: { label: string; value: string; onChange: (zone: string) => void }) {
  const options = timeZones.includes(props.value) ? timeZones : [props.value, ...timeZones];
  return (
    <TextField
      size="small"
      select
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ select: { native: true } }}
      sx={{ minWidth: 220 }}
    >
      {options.map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      ))}
    </TextField>
  );
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * The saved settings' free slots on one date, computed by the same engine founders book from, shown as a
 * founder in the chosen zone reads them (their wall-clock times and offset).
 */
export function AvailabilityPreview(props: { services: ExpertService[]; expertZone: string }) {
  const [date, setDate] = useState(tomorrow);
  const [timezone, setTimezone] = useState('America/New_York');
  const [serviceKey, setServiceKey] = useState(props.services[0]?.serviceKey ?? '');
  const [load, { data, error, isFetching }] = useLazyAvailabilityPreviewQuery();
  const message = (error as { message?: string } | undefined)?.message;

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          type="date"
          label="Founder's date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <ZoneSelect label="Founder's time zone" value={timezone} onChange={setTimezone} />
        <TextField
          size="small"
          select
          label="Service"
          value={serviceKey}
          onChange={(e) => setServiceKey(e.target.value)}
          slotProps={{ select: { native: true } }}
        >
          {props.services.map((s) => (
            <option key={s.serviceKey} value={s.serviceKey}>
              {s.name} ({s.duration} min)
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={isFetching}
          onClick={() => void load({ date, timezone, serviceKey: serviceKey || undefined })}
        >
          Show slots
        </Button>
      </Stack>
      <div aria-live="polite" aria-busy={isFetching}>
        {error ? (
          <Alert severity="error">{message ?? 'The preview could not be loaded. Try again.'}</Alert>
        ) : data ? (
          data.slots.length ? (
            <Stack spacing={1}>
              <Typography variant="body2">
                {data.slots.length} slot{data.slots.length === 1 ? '' : 's'} on {data.date} in {data.timezone}{' '}
                (your hours are in {props.expertZone}):
              </Typography>
              <Stack
                direction="row"
                sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
                component="ul"
                aria-label="Slots"
              >
                {data.slots.map((slot) => (
                  <Chip
                    component="li"
                    key={slot}
                    label={`${slot.slice(11, 16)} (UTC${slot.slice(19) === 'Z' ? '' : slot.slice(19)})`}
                  />
                ))}
              </Stack>
            </Stack>
          ) : (
            <Typography>
              No free slots on {data.date} for a founder in {data.timezone}.
            </Typography>
          )
        ) : (
          <Typography color="text.secondary">
            Pick a date and a founder&apos;s time zone to see the slots of your saved hours.
          </Typography>
        )}
      </div>
    </Stack>
  );
}
