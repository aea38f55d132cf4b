import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { ChatSession, renameSessionBody as RenameSessionBody } from '@liftoff/contracts/ai';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api';
import { chatErrors, useRenameChatSessionMutation } from '../api';

/**
 * Renames a conversation in place: Enter (or leaving the field) saves, Escape keeps the old name. The name is
 * checked with the API's own rule first, and a save that fails leaves the field open to try again.
 */
export function SessionRenameField({ session, onDone }: { session: ChatSession; onDone: () => void }) {
  const [title, setTitle] = useState(session.title);
  const [problem, setProblem] = useState<string | null>(null);
  const [rename, renameState] = useRenameChatSessionMutation();
  // Once saved or cancelled, a late blur (the field leaving the page) must not save again.
  const closed = useRef(false);

  const close = () => {
    closed.current = true;
    onDone();
  };
  const save = async () => {
    if (closed.current || renameState.isLoading) return;
    // The API's rule, fetched with the schemas on a first rename: they are not part of the workspace's load.
    let rule: typeof RenameSessionBody;
    try {
      rule = (await import('@liftoff/contracts/ai')).renameSessionBody;
    } catch {
      return setProblem(
        `${chatErrors.update} It is still called “${session.title}”. Enter tries again · Esc cancels`,
      );
    }
    const checked = rule.shape.title.safeParse(title);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Required');
    if (checked.data === session.title) return close();
    const result = await rename({ conversationId: session.conversationId, title: checked.data });
    if ('error' in result) {
      const failure = errorMessage(result.error, chatErrors.update);
      setProblem(`${failure} It is still called “${session.title}”. Enter tries again · Esc cancels`);
    } else close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
    if (event.key === 'Escape') {
      // Marked as used: Escape gives up renaming only, not the phone's drawer the conversations are in.
      event.preventDefault();
      close();
    }
  };

  return (
    <TextField
      size="small"
      label="Conversation name"
      value={title}
      autoFocus
      fullWidth
      error={Boolean(problem)}
      onChange={(event) => {
        setTitle(event.target.value);
        setProblem(null);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => void save()}
      helperText={problem ?? (renameState.isLoading ? 'Saving…' : 'Enter saves · Esc cancels')}
      // Read-only rather than disabled while saving, so focus stays in the field for another try.
      slotProps={{ htmlInput: { readOnly: renameState.isLoading } }}
    />
  );
}
