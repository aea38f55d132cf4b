import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { MeetingRequest } from '@liftoff/contracts/experts';
import Button from '@mui/material/Button';
import EventIcon from '@mui/icons-material/EventOutlined';
import type { ApiExtra } from '../../../lib/api';
import { showError } from '../../../lib/toast';
import { fetchInvite } from '../api';

type Dispatch = ThunkDispatch<unknown, ApiExtra, UnknownAction>;

/** Downloads the meeting's .ics invite (an authorized call, so not a plain link). */
export function AddToCalendarButton({
  meeting,
  label = 'Add to calendar',
}: {
  meeting: MeetingRequest;
  label?: string;
}) {
  const dispatch = useDispatch<Dispatch>();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await dispatch(fetchInvite(meeting.inviteUrl));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `liftoff-meeting-${meeting.id}.ics`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      dispatch(showError(error instanceof Error ? error.message : 'The invite could not be downloaded.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<EventIcon />} onClick={() => void download()} disabled={busy}>
      {label}
    </Button>
  );
}
