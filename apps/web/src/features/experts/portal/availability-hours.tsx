import type { DateOverride, WeeklyRange, Weekday } from '@liftoff/contracts/experts-availability';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';

/** Field errors of the last save, keyed by the API's path (`weekly.0.end`). */
export type FieldErrors = Record<string, string>;

const dayNames: Record<Weekday, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};
const days = Object.keys(dayNames) as Weekday[];

/** A wall-clock time field; text (not type=time) so '24:00', the end of a day, can be written too. */
function TimeField(props: { label: string; value: string; error?: string; onChange: (v: string) => void }) {
  return (
    <TextField
      size="small"
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      placeholder="HH:mm"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
      sx={{ width: 112 }}
    />
  );
}

function RangeFields(props: {
  what: string;
  start: string;
  end: string;
  errors: FieldErrors;
  path: string;
  onChange: (patch: { start?: string; end?: string }) => void;
  onRemove: () => void;
}) {
  const { what, path, errors } = props;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TimeField
        label="From"
        value={props.start}
        error={errors[`${path}.start`]}
        onChange={(start) => props.onChange({ start })}
      />
      <TimeField
        label="To"
        value={props.end}
        error={errors[`${path}.end`]}
        onChange={(end) => props.onChange({ end })}
      />
      <IconButton aria-label={`Remove ${what}`} onClick={props.onRemove}>
        <DeleteIcon />
      </IconButton>
    </Stack>
  );
}

/** Weekly hours, grouped by day; several ranges a day. Indexes stay those of the flat list the API names. */
export function WeeklyHoursEditor(props: {
  weekly: WeeklyRange[];
  errors: FieldErrors;
  onChange: (weekly: WeeklyRange[]) => void;
}) {
  const { weekly, errors, onChange } = props;
  const update = (index: number, patch: Partial<WeeklyRange>) =>
    onChange(weekly.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1.5}>
      {days.map((day) => {
        const ranges = weekly.flatMap((r, index) => (r.day === day ? [{ r, index }] : []));
        return (
          <Stack
            key={day}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
            role="group"
            aria-label={dayNames[day]}
          >
            <Typography sx={{ width: 110, pt: { sm: 1 }, fontWeight: 600 }}>{dayNames[day]}</Typography>
            <Stack spacing={1}>
              {!ranges.length && (
                <Typography color="text.secondary" sx={{ pt: { sm: 1 } }}>
                  Unavailable
                </Typography>
              )}
              {ranges.map(({ r, index }, n) => (
                <RangeFields
                  key={index}
                  what={`${dayNames[day]} hours ${n + 1}`}
                  start={r.start}
                  end={r.end}
                  path={`weekly.${index}`}
                  errors={errors}
                  onChange={(patch) => update(index, patch)}
                  onRemove={() => onChange(weekly.filter((_r, i) => i !== index))}
                />
              ))}
              <Button
                size="small"
                startIcon={<AddIcon />}
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => onChange([...weekly, { day, start: '09:00', end: '17:00' }])}
                aria-label={`Add hours on ${dayNames[day]}`}
              >
                Add hours
              </Button>
            </Stack>
          </Stack>
        );
      })}
      {errors.weekly && <Typography color="error">{errors.weekly}</Typography>}
    </Stack>
  );
}

type Kind = 'off' | 'hours';

/** Date overrides: a day off, or hours that replace the weekly ones on that date. */
export function DateOverridesEditor(props: {
  overrides: DateOverride[];
  errors: FieldErrors;
  onChange: (overrides: DateOverride[]) => void;
}) {
  const { overrides, errors, onChange } = props;
  const replace = (index: number, next: DateOverride) =>
    onChange(overrides.map((o, i) => (i === index ? next : o)));
  const setKind = (index: number, o: DateOverride, kind: Kind) =>
    replace(
      index,
      kind === 'off' ? { date: o.date, off: true } : { date: o.date, start: '09:00', end: '17:00' },
    );
  return (
    <Stack spacing={1.5}>
      {!overrides.length && (
        <Typography color="text.secondary">No dates differ from your weekly hours.</Typography>
      )}
      {overrides.map((o, index) => (
        <Stack
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          role="group"
          aria-label={`Date ${index + 1}`}
        >
          <TextField
            size="small"
            type="date"
            label="Date"
            value={o.date}
            onChange={(e) => replace(index, { ...o, date: e.target.value })}
            error={Boolean(errors[`overrides.${index}.date`])}
            helperText={errors[`overrides.${index}.date`]}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            select
            label="That day"
            value={'off' in o ? 'off' : 'hours'}
            onChange={(e) => setKind(index, o, e.target.value as Kind)}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="off">Day off</MenuItem>
            <MenuItem value="hours">Other hours</MenuItem>
          </TextField>
          {'off' in o ? (
            <IconButton
              aria-label={`Remove date ${index + 1}`}
              onClick={() => onChange(overrides.filter((_o, i) => i !== index))}
              sx={{ alignSelf: 'flex-start' }}
            >
              <DeleteIcon />
            </IconButton>
          ) : (
            <RangeFields
              what={`date ${index + 1}`}
              start={o.start}
              end={o.end}
              path={`overrides.${index}`}
              errors={errors}
              onChange={(patch) => replace(index, { ...o, ...patch })}
              onRemove={() => onChange(overrides.filter((_o, i) => i !== index))}
            />
          )}
        </Stack>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        onClick={() => onChange([...overrides, { date: new Date().toISOString().slice(0, 10), off: true }])}
      >
        Add a date
      </Button>
    </Stack>
  );
}
