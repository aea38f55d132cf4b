import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Heading, Text } from '../../../components/ui/text';
import { Stack } from '../../../components/ui/stack';
import styles from './answer-conflict-dialog.module.css';

/** A field whose save was refused because a co-founder saved it first (409 with both texts). */
export type AnswerConflict = {
  key: string;
  label: string;
  /** The co-founder's name when the page knows it. */
  by: string | null;
  theirs: string;
  yours: string;
  /** The field's version now: "Keep mine" saves from it. */
  version: number;
};

function Version({ title, text }: { title: string; text: string }) {
  return (
    <section aria-label={title}>
      <Heading level={3} size={4}>
        {title}
      </Heading>
      <Text as="div" className={styles.body}>
        {text.trim() ? text : <em>Empty</em>}
      </Text>
    </section>
  );
}

/**
 * Both texts of a field two people edited at once, and the choice between them: nothing either typed is lost
 * until the person picks. Closing it keeps their own text in the field, unsaved, as a draft.
 */
export function AnswerConflictDialog({
  conflict,
  saving,
  onKeepMine,
  onUseTheirs,
  onClose,
}: {
  conflict: AnswerConflict | null;
  saving: boolean;
  onKeepMine: (conflict: AnswerConflict) => void;
  onUseTheirs: (conflict: AnswerConflict) => void;
  onClose: () => void;
}) {
  const who = conflict?.by ?? 'Someone else';
  return (
    <Dialog
      open={Boolean(conflict)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={conflict ? `${who} changed “${conflict.label}” while you were editing` : ''}
      description="Choose which text to keep."
      actions={
        conflict ? (
          <>
            <Button variant="outline" onClick={() => onUseTheirs(conflict)} disabled={saving}>
              Use theirs
            </Button>
            <Button onClick={() => onKeepMine(conflict)} loading={saving}>
              Keep mine
            </Button>
          </>
        ) : null
      }
    >
      {conflict ? (
        <Stack gap={2}>
          <Version title={conflict.by ? `${conflict.by}’s text` : 'Their text'} text={conflict.theirs} />
          <Version title="Your text" text={conflict.yours} />
        </Stack>
      ) : null}
    </Dialog>
  );
}
