import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ContactUsSetting } from '@liftoff/contracts/support';
import { supportMessages } from '@liftoff/contracts/support';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MailIcon from '@mui/icons-material/MailOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import { RetryAlert } from '../../../components/retry-alert';
import { SubjectMessageFields, useSubjectMessage } from '../../../components/subject-message-fields';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { useContactUsSettingQuery, useSendFeedbackMutation } from '../api';

export type SupportKind = 'CONTACT_US' | 'TUTORIAL';

const dayNames: Record<string, string> = {
  MON: 'Mon',
  TUE: 'Tue',
  WED: 'Wed',
  THU: 'Thu',
  FRI: 'Fri',
  SAT: 'Sat',
  SUN: 'Sun',
};

function days(list: string[]): string {
  const all = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
  const indexes = list.map((d) => all.indexOf(d)).sort((a, b) => a - b);
  const consecutive = indexes.every((value, i) => i === 0 || value === (indexes[i - 1] ?? -2) + 1);
  if (consecutive && indexes.length > 2) {
    return `${dayNames[all[indexes[0]!]!]}–${dayNames[all[indexes[indexes.length - 1]!]!]}`;
  }
  return list.map((d) => dayNames[d] ?? d).join(', ');
}

function ContactDetails({ setting }: { setting: ContactUsSetting }) {
  return (
    <Stack spacing={1.5}>
      <Typography sx={{ color: 'text.secondary' }}>{setting.description}</Typography>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          Hours
        </Typography>
        {setting.hours.weekly.map((row) => (
          <Typography key={`${row.days.join()}-${row.start}`} variant="body2">
            {days(row.days)} {row.start}–{row.end} ({setting.hours.timezone.replace(/_/g, ' ')})
          </Typography>
        ))}
        {setting.hours.note ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {setting.hours.note}
          </Typography>
        ) : null}
      </Box>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          Response time
        </Typography>
        <Typography variant="body2">{setting.responseTime.promise}</Typography>
      </Box>
      <Box>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          Reach us
        </Typography>
        <Box component="ul" sx={{ pl: 0, m: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {setting.channels.map((channel) => (
            <Typography component="li" variant="body2" key={channel.label}>
              {channel.label}:{' '}
              {channel.url.startsWith('/') ? (
                <Link component={RouterLink} to={channel.url}>
                  {channel.value}
                </Link>
              ) : (
                <Link href={channel.url}>{channel.value}</Link>
              )}
            </Typography>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

function ContactSection() {
  const query = useContactUsSettingQuery();
  if (query.isLoading) {
    return (
      <Stack spacing={1} role="status" aria-label="Loading contact details">
        <Skeleton variant="text" />
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="rounded" height={80} />
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <RetryAlert
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retryLabel="Try again"
      />
    );
  }
  return <ContactDetails setting={query.data} />;
}

/**
 * The support modal (spec section 2): the CONTACT_US details from the API and a message form posting
 * /feedback with the page it was opened on. Opened from the app bar (CONTACT_US) and the tutorial (TUTORIAL).
 */
export function SupportDialog({
  open,
  onClose,
  initialKind = 'CONTACT_US',
}: {
  open: boolean;
  onClose: () => void;
  initialKind?: SupportKind;
}) {
  const titleId = useId();
  const kindId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const location = useLocation();
  const [kind, setKind] = useState<SupportKind>(initialKind);
  const form = useSubjectMessage();
  const [sent, setSent] = useState<string | null>(null);
  const [send, { isLoading }] = useSendFeedbackMutation();
  const { data: contact } = useContactUsSettingQuery(undefined, { skip: !open });

  const close = () => {
    setSent(null);
    form.clearErrors();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    const result = await send({
      kind,
      subject: form.subject.trim(),
      message: form.message.trim(),
      page: `${location.pathname}${location.search}`.slice(0, 500),
    });
    if ('data' in result) {
      setSent(supportMessages.feedback);
      form.reset();
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{contact?.title ?? 'How can we help?'}</DialogTitle>
      {open ? (
        <>
          <DialogContent>
            <Stack spacing={3}>
              <ContactSection />
              {sent ? (
                <Alert severity="success" icon={<CheckCircleIcon />} role="status">
                  {sent}
                </Alert>
              ) : (
                <Box
                  component="form"
                  id={`${titleId}-form`}
                  onSubmit={(event) => void submit(event)}
                  noValidate
                >
                  <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
                    Send us a message
                  </Typography>
                  <Stack spacing={2}>
                    <Box>
                      <FormLabel id={kindId}>What is it about?</FormLabel>
                      <RadioGroup
                        row
                        aria-labelledby={kindId}
                        value={kind}
                        onChange={(event) => setKind(event.target.value as SupportKind)}
                      >
                        <FormControlLabel
                          value="CONTACT_US"
                          control={<Radio />}
                          label="A question for the team"
                        />
                        <FormControlLabel
                          value="TUTORIAL"
                          control={<Radio />}
                          label="Help with the tutorial"
                        />
                      </RadioGroup>
                    </Box>
                    <SubjectMessageFields
                      form={form}
                      messageLabel="Message"
                      messageHint="We see which page you wrote from."
                      messageMissing="Write your message."
                    />
                  </Stack>
                </Box>
              )}
              <Button
                component={RouterLink}
                to={paths.myMessages}
                onClick={close}
                startIcon={<MailIcon />}
                sx={{ alignSelf: 'flex-start' }}
              >
                My messages and replies
              </Button>
              <Button
                component={RouterLink}
                to={paths.tutorial}
                onClick={close}
                startIcon={<SchoolIcon />}
                sx={{ alignSelf: 'flex-start' }}
              >
                Replay the product tour
              </Button>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
            {sent ? (
              <Button variant="outlined" onClick={() => setSent(null)}>
                Write another message
              </Button>
            ) : (
              <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={isLoading}>
                {isLoading ? 'Sending…' : 'Send message'}
              </Button>
            )}
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
