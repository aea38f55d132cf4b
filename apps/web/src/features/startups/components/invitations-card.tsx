import { useState, type FormEvent } from 'react';
import type { Startup } from '@liftoff/contracts/startups';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Stack } from '../../../components/ui/stack';
import { TextField } from '../../../components/ui/text-field';
import { Heading, Text } from '../../../components/ui/text';
import { formatDate } from '../../../lib/format';
import { useInviteCofounderMutation, useRevokeCofounderInvitationMutation } from '../api';
import { fieldErrorsFrom, type FieldErrors } from '../lib/field-errors';
import styles from '../pages/startup-page.module.css';

/**
 * Who is still to join. The owner invites a co-founder by e-mail and revokes an open invitation; the other
 * members see the list, to know who is coming.
 */
export function InvitationsCard({ startup, isOwner }: { startup: Startup; isOwner: boolean }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [invite, inviting] = useInviteCofounderMutation();
  const [revoke, revoking] = useRevokeCofounderInvitationMutation();
  const open = startup.invitations.filter((invitation) => invitation.status === 'PENDING');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const result = await invite({ email: email.trim() });
    if ('error' in result) {
      setErrors(fieldErrorsFrom(result.error, ['email'] as const));
      return;
    }
    setErrors({});
    setEmail('');
    const address = result.data.invitation.email;
    setSent(
      result.data.joined
        ? `${address} had an account free to join and is now a member.`
        : `An invitation is on its way to ${address}. It stays open until ${formatDate(result.data.invitation.expiresAt)}.`,
    );
  }

  if (!isOwner && !open.length) return null;

  return (
    <Card as="section" aria-labelledby="invitations-heading">
      <Stack gap={2}>
        <Stack gap={0.5}>
          <Heading level={2} size={3} id="invitations-heading">
            Invitations
          </Heading>
          {isOwner ? (
            <Text tone="muted" variant="body-small">
              Invite a co-founder by e-mail. Someone new creates an account with that address and joins;
              someone already in another startup is asked to accept in Liftoff.
            </Text>
          ) : null}
        </Stack>

        {isOwner ? (
          <form onSubmit={onSubmit} noValidate aria-label="Invite a co-founder">
            <Stack gap={1}>
              <div className={styles.inviteRow}>
                <TextField
                  label="Co-founder's e-mail"
                  name="email"
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    setErrors({});
                  }}
                  error={errors.email}
                  className={styles.inviteField}
                />
                <Button
                  type="submit"
                  variant="secondary"
                  loading={inviting.isLoading}
                  disabled={!email.trim()}
                  className={styles.inviteButton}
                >
                  Send invitation
                </Button>
              </div>
              {errors.form ? (
                <Text tone="error" role="alert" className={styles.breakable}>
                  {errors.form}
                </Text>
              ) : null}
              <Text role="status" tone="success" className={styles.breakable}>
                {sent ?? ''}
              </Text>
            </Stack>
          </form>
        ) : null}

        {open.length ? (
          <ul className={styles.list} aria-label="Open invitations">
            {open.map((invitation) => (
              <li key={invitation.id}>
                <Card flat padding="small">
                  <div className={styles.row}>
                    <Stack gap={0} className={styles.who}>
                      <Text weight="medium" className={styles.breakable}>
                        {invitation.email}
                      </Text>
                      <Text variant="body-small" tone="muted">
                        Sent {formatDate(invitation.createdAt)} · open until{' '}
                        {formatDate(invitation.expiresAt)}
                      </Text>
                    </Stack>
                    {isOwner ? (
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                        loading={revoking.isLoading && revoking.originalArgs === invitation.id}
                        onClick={() => void revoke(invitation.id)}
                      >
                        Revoke
                      </Button>
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        ) : isOwner ? (
          <Text tone="muted">No invitation is open.</Text>
        ) : null}
      </Stack>
    </Card>
  );
}
