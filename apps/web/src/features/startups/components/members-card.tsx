import { useState } from 'react';
import type { Startup, StartupMember } from '@liftoff/contracts/startups';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Chip } from '../../../components/ui/chip';
import { Stack } from '../../../components/ui/stack';
import { Heading, Text } from '../../../components/ui/text';
import { formatDate } from '../../../lib/format';
import { useHandOverMutation, useLeaveStartupMutation, useRemoveMemberMutation } from '../api';
import { heirOf, leavingMeans } from '../lib/leaving';
import styles from '../pages/startup-page.module.css';
import { ConfirmDialog } from './confirm-dialog';

type Pending = { kind: 'remove' | 'handOver'; member: StartupMember } | { kind: 'leave' } | null;

const roleLabel = { owner: 'Owner', cofounder: 'Co-founder' } as const;

/** Members, oldest first: the order in which ownership would pass on. */
const byJoined = (members: StartupMember[]) =>
  [...members].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));

/**
 * Who is in the startup, with their role and since when. The owner removes members and hands ownership on;
 * anyone leaves. Each of these asks first, saying what follows.
 */
export function MembersCard({ startup, meId }: { startup: Startup; meId: string }) {
  const [pending, setPending] = useState<Pending>(null);
  const [remove, removing] = useRemoveMemberMutation();
  const [handOver, handingOver] = useHandOverMutation();
  const [leave, leaving] = useLeaveStartupMutation();
  const members = byJoined(startup.members);
  const me = members.find((member) => member.userId === meId);
  const isOwner = me?.role === 'owner';
  const close = () => setPending(null);

  async function confirm() {
    if (!pending) return;
    const result =
      pending.kind === 'leave'
        ? await leave()
        : pending.kind === 'remove'
          ? await remove(pending.member.userId)
          : await handOver(pending.member.userId);
    // A refusal is toasted by the data layer; the dialog stays so the person sees what they asked.
    if (!('error' in result)) close();
  }

  return (
    <Card as="section" aria-labelledby="members-heading">
      <Stack gap={2}>
        <Heading level={2} size={3} id="members-heading">
          Members
        </Heading>
        <ul className={styles.list} aria-labelledby="members-heading">
          {members.map((member) => (
            <li key={member.userId}>
              <Card flat padding="small">
                <div className={styles.row}>
                  <Avatar name={member.name} size="small" decorative />
                  <Stack gap={0} className={styles.who}>
                    <Text weight="semibold" className={styles.breakable}>
                      {member.name}
                      {member.userId === meId ? ' (you)' : ''}
                    </Text>
                    <Text variant="body-small" tone="muted" className={styles.breakable}>
                      {member.email} · joined {formatDate(member.joinedAt)}
                    </Text>
                  </Stack>
                  <Chip
                    label={roleLabel[member.role]}
                    tone={member.role === 'owner' ? 'primary' : 'neutral'}
                  />
                  {isOwner && member.userId !== meId ? (
                    <Stack direction="row" gap={1} wrap>
                      <Button
                        size="small"
                        variant="outline"
                        aria-label={`Make owner: ${member.name}`}
                        onClick={() => setPending({ kind: 'handOver', member })}
                      >
                        Make owner
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Remove ${member.name}`}
                        onClick={() => setPending({ kind: 'remove', member })}
                      >
                        Remove
                      </Button>
                    </Stack>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <div>
          <Button variant="outline" onClick={() => setPending({ kind: 'leave' })}>
            Leave the startup
          </Button>
        </div>
      </Stack>

      <ConfirmDialog
        open={pending?.kind === 'remove'}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === 'remove' ? `Remove ${pending.member.name}?` : 'Remove the member?'}
        confirmLabel="Remove"
        danger
        busy={removing.isLoading}
        onConfirm={() => void confirm()}
      >
        <Text className={styles.breakable}>
          They no longer see {startup.name}&rsquo;s program and work. What they did stays with the startup.
        </Text>
      </ConfirmDialog>

      <ConfirmDialog
        open={pending?.kind === 'handOver'}
        onOpenChange={(open) => !open && close()}
        title={pending?.kind === 'handOver' ? `Make ${pending.member.name} the owner?` : 'Hand ownership on?'}
        confirmLabel="Hand ownership on"
        busy={handingOver.isLoading}
        onConfirm={() => void confirm()}
      >
        <Text className={styles.breakable}>
          They will invite co-founders, remove members and hand ownership on. You stay a co-founder and can no
          longer do these.
        </Text>
      </ConfirmDialog>

      <ConfirmDialog
        open={pending?.kind === 'leave'}
        onOpenChange={(open) => !open && close()}
        title={`Leave ${startup.name}?`}
        confirmLabel="Leave"
        danger
        busy={leaving.isLoading}
        onConfirm={() => void confirm()}
      >
        <Text className={styles.breakable}>{leavingMeans(startup, meId, heirOf(startup, meId))}</Text>
      </ConfirmDialog>
    </Card>
  );
}
