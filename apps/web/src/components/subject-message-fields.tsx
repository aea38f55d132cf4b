import { useState } from 'react';
import TextField from '@mui/material/TextField';

/**
 * State of a "subject + message" form. The fields show their errors only once the form was submitted
 * (`check`), so an untouched form is not red.
 */
export function useSubjectMessage() {
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  return {
    subject,
    message,
    tried,
    setSubject,
    setMessage,
    /** Marks the form as submitted; true when both fields have text. */
    check: () => {
      setTried(true);
      return Boolean(subject.trim() && message.trim());
    },
    /** Empties the form after a send. */
    reset: () => {
      setSubject('');
      setMessage('');
      setTried(false);
    },
    /** Hides the errors again and keeps what was typed (the dialog closed). */
    clearErrors: () => setTried(false),
  };
}

export type SubjectMessageForm = ReturnType<typeof useSubjectMessage>;

/** The required subject (200 characters) and multi-line message (5000) of a form from `useSubjectMessage`. */
export function SubjectMessageFields({
  form,
  messageLabel,
  messageHint,
  messageMissing,
}: {
  form: SubjectMessageForm;
  messageLabel: string;
  /** Shown under the message while it has no error. */
  messageHint: string;
  /** The error of an empty message. */
  messageMissing: string;
}) {
  const subjectError = form.tried && !form.subject.trim() ? 'Add a short subject.' : '';
  const messageError = form.tried && !form.message.trim() ? messageMissing : '';
  return (
    <>
      <TextField
        label="Subject"
        value={form.subject}
        onChange={(event) => form.setSubject(event.target.value)}
        required
        error={Boolean(subjectError)}
        helperText={subjectError || ' '}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={messageLabel}
        value={form.message}
        onChange={(event) => form.setMessage(event.target.value)}
        required
        multiline
        minRows={4}
        error={Boolean(messageError)}
        helperText={messageError || messageHint}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
    </>
  );
}
