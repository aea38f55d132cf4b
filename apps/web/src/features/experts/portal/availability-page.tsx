import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { AvailabilitySettings, MeetingOutsideHours } from '@liftoff/contracts/experts-availability';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { LoadError, PageSkeleton, PageTitle } from '../../../components/page-states';
import { useMyAvailabilityQuery, useSaveAvailabilityMutation } from '../availability-api';
import { DateOverridesEditor, WeeklyHoursEditor, type FieldErrors } from './availability-hours';
import { AvailabilityPreview, ZoneSelect } from './availability-preview';

function Section(props: { title: string; id: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={props.id}>
      <CardContent>
        <Typography component="h2" variant="h6" id={props.id} sx={{ mb: 1.5 }}>
          {props.title}
        </Typography>
        {props.children}
      </CardContent>
    </Card>
  );
}

type NumberKey = 'bufferBefore' | 'bufferAfter' | 'minimumNoticeHours' | 'bookingWindowDays';
const numbers: { key: NumberKey; label: string }[] = [
  { key: 'bufferBefore', label: 'Buffer before (minutes)' },
  { key: 'bufferAfter', label: 'Buffer after (minutes)' },
  { key: 'minimumNoticeHours', label: 'Minimum notice (hours)' },
  { key: 'bookingWindowDays', label: 'Bookable up to (days ahead)' },
];

/** A new service's key: kebab-case from its name, unique among the others. */
function serviceKeyFor(name: string, taken: string[]): string {
  const stem =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'service';
  let key = stem;
  for (let n = 2; taken.includes(key); n++) key = `${stem}-${n}`;
  return key;
}

const when = (m: MeetingOutsideHours) =>
  new Date(m.startsAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function OutsideHours({ meetings }: { meetings: MeetingOutsideHours[] }) {
  if (!meetings.length) return null;
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>Accepted meetings outside your hours</AlertTitle>
      These stay booked. Cancel or move them with the founder if you can no longer make them.
      <ul>
        {meetings.map((m) => (
          <li key={m.id}>
            {when(m)} · {m.serviceName}
            {m.founderName ? ` with ${m.founderName}` : ''}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The expert's availability editor: hours in their own zone, dates, limits, services, and a preview. */
export function AvailabilityPage() {
  const { data, error, isLoading, refetch } = useMyAvailabilityQuery();
  const [save, { isLoading: saving }] = useSaveAvailabilityMutation();
  const [draft, setDraft] = useState<AvailabilitySettings | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (data && !draft) setDraft(data.settings);
  }, [data, draft]);

  if (isLoading) return <PageSkeleton label="Loading your availability" cards={3} height={120} />;
  if (error || !data)
    return <LoadError error={error} onRetry={() => void refetch()} what="your availability" />;
  if (!draft) return <PageSkeleton label="Loading your availability" cards={3} height={120} />;

  const set = (patch: Partial<AvailabilitySettings>) => setDraft({ ...draft, ...patch });
  const onSave = async () => {
    setFailure(null);
    const result = await save(draft);
    if ('error' in result) {
      const failed = result.error as { message?: string; details?: { path: string; message: string }[] };
      setErrors(Object.fromEntries((failed.details ?? []).map((d) => [d.path, d.message])));
      setFailure(failed.message ?? 'Your availability could not be saved. Try again.');
      return;
    }
    setErrors({});
    setDraft(result.data.settings);
  };

  return (
    <Stack spacing={2}>
      <PageTitle>Availability</PageTitle>
      <Typography color="text.secondary">
        Founders book from these settings. Saving never cancels a meeting you accepted.
      </Typography>
      <OutsideHours meetings={data.outsideHours} />

      <Section title="Your time zone" id="availability-zone">
        <ZoneSelect label="Time zone" value={draft.timezone} onChange={(timezone) => set({ timezone })} />
        {errors.timezone && <Typography color="error">{errors.timezone}</Typography>}
      </Section>

      <Section title="Weekly hours" id="availability-weekly">
        <WeeklyHoursEditor weekly={draft.weekly} errors={errors} onChange={(weekly) => set({ weekly })} />
      </Section>

      <Section title="Dates that differ" id="availability-dates">
        <DateOverridesEditor
          overrides={draft.overrides}
          errors={errors}
          onChange={(overrides) => set({ overrides })}
        />
      </Section>

      <Section title="Limits" id="availability-limits">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ flexWrap: 'wrap' }}>
          {numbers.map(({ key, label }) => (
            <TextField
              key={key}
              size="small"
              type="number"
              label={label}
              value={draft[key]}
              onChange={(e) => set({ [key]: Number(e.target.value) })}
              error={Boolean(errors[key])}
              helperText={errors[key]}
              slotProps={{ htmlInput: { min: 0 } }}
            />
          ))}
        </Stack>
      </Section>

      <Section title="Services" id="availability-services">
        <Stack spacing={1.5}>
          {draft.services.map((s, index) => (
            <Stack
              key={s.serviceKey}
              direction="row"
              spacing={1}
              role="group"
              aria-label={`Service ${index + 1}`}
            >
              <TextField
                size="small"
                label="Name"
                value={s.name}
                onChange={(e) =>
                  set({
                    services: draft.services.map((x, i) =>
                      i === index ? { ...x, name: e.target.value } : x,
                    ),
                  })
                }
                error={Boolean(errors[`services.${index}.name`])}
                helperText={errors[`services.${index}.name`]}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                type="number"
                label="Minutes"
                value={s.duration}
                onChange={(e) =>
                  set({
                    services: draft.services.map((x, i) =>
                      i === index ? { ...x, duration: Number(e.target.value) } : x,
                    ),
                  })
                }
                error={Boolean(errors[`services.${index}.duration`])}
                helperText={errors[`services.${index}.duration`]}
                slotProps={{ htmlInput: { min: 5, max: 480, step: 5 } }}
                sx={{ width: 96 }}
              />
              <IconButton
                aria-label={`Remove service ${s.name || index + 1}`}
                disabled={draft.services.length === 1}
                onClick={() => set({ services: draft.services.filter((_x, i) => i !== index) })}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() =>
              set({
                services: [
                  ...draft.services,
                  {
                    serviceKey: serviceKeyFor(
                      'call',
                      draft.services.map((x) => x.serviceKey),
                    ),
                    name: 'Call',
                    duration: 30,
                  },
                ],
              })
            }
          >
            Add a service
          </Button>
        </Stack>
      </Section>

      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => void onSave()} disabled={saving}>
          {saving ? 'Saving…' : 'Save availability'}
        </Button>
        <Button onClick={() => (setDraft(data.settings), setErrors({}), setFailure(null))} disabled={saving}>
          Undo changes
        </Button>
      </Stack>

      <Section title="Preview as a founder" id="availability-preview">
        <AvailabilityPreview services={data.settings.services} expertZone={data.settings.timezone} />
      </Section>
    </Stack>
  );
}
