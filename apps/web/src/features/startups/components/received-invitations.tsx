import { useState } from 'react';
import type { Startup, StartupInvitation } from '@liftoff/contracts/startups';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Stack } from '../../../components/ui/stack';
import { Heading, Text } from '../../../components/ui/text';
import { formatDate } from '../../../lib/format';
import {
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useReceivedInvitationsQuery,
} from '../api';
import { heirOf, leavingMeans } from '../lib/leaving';
import styles from '../pages/startup-page.module.css';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Invitations to the person's own address from another startup. An account already in a startup joins only
 * by accepting here (decision 063): accepting takes them off their current one, so the dialog says what that
 * does to it before they choose. Declining closes the invitation and changes nothing else, so it needs no dialog.
 */
export function ReceivedInvitations({ current, meId }: { current?: Startup; meId: string }) {
  const { data: invitations = [] } = useReceivedInvitationsQuery();
  const [accept, accepting] = useAcceptInvitationMutation();
  const [decline, declining] = useDeclineInvitationMutation();
  const [chosen, setChosen] = useState<StartupInvitation | null>(null);
  const open = invitations.filter(
    (invitation) => invitation.status === 'PENDING' && invitation.startupId !== current?.id,
  );
  if (!open.length) return null;

  async function confirm() {
    if (!chosen) return;
    const result = await accept(chosen.id);
    if (!('error' in result)) setChosen(null);
  }

  return (
    <Card as="section" aria-labelledby="received-heading">
      <Stack gap={2}>
        <Heading level={2} size={3} id="received-heading">
          {open.length === 1 ? 'You are invited to a startup' : 'You are invited to startups'}
        </Heading>
        <ul className={styles.list} aria-labelledby="received-heading">
          {open.map((invitation) => (
            <li key={invitation.id}>
              <Card flat padding="small">
                <div className={styles.row}>
                  <Stack gap={0} className={styles.who}>
                    <Text weight="semibold" className={styles.breakable}>
                      {invitation.startupName}
                    </Text>
                    <Text variant="body-small" tone="muted">
                      Invited {formatDate(invitation.createdAt)} · open until{' '}
                      {formatDate(invitation.expiresAt)}
                    </Text>
                  </Stack>
                  <div className={styles.actions}>
                    <Button
                      size="small"
                      variant="secondary"
                      aria-label={`Decline the invitation to ${invitation.startupName}`}
                      disabled={declining.isLoading}
                      onClick={() => void decline(invitation.id)}
                    >
                      Decline
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Accept the invitation to ${invitation.startupName}`}
                      onClick={() => setChosen(invitation)}
                    >
                      Accept
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <Text tone="muted" variant="body-small">
          {current
            ? 'Accepting moves you to that startup: a person is a member of one startup at a time.'
            : 'Accepting makes you a co-founder of that startup.'}{' '}
          Declining tells the startup no and changes nothing else.
        </Text>
      </Stack>

      <ConfirmDialog
        open={chosen !== null}
        onOpenChange={(next) => !next && setChosen(null)}
        title={chosen ? `Join ${chosen.startupName}?` : 'Join the startup?'}
        confirmLabel="Accept and join"
        busy={accepting.isLoading}
        onConfirm={() => void confirm()}
      >
        <Stack gap={1}>
          <Text className={styles.breakable}>
            You become a co-founder of {chosen?.startupName} and work its program with its members.
          </Text>
          {current ? (
            <Text className={styles.breakable}>
              You leave {current.name}. {leavingMeans(current, meId, heirOf(current, meId))}
            </Text>
          ) : null}
        </Stack>
      </ConfirmDialog>
    </Card>
  );
}
