import { useSelector } from 'react-redux';
import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Stack } from '../../../components/ui/stack';
import { Heading, Text } from '../../../components/ui/text';
import { paths } from '../../../config/paths';
import { selectSessionUser } from '../../../lib/session';
import { useMyStartupQuery } from '../api';
import styles from '../pages/startup-page.module.css';
import { ReceivedInvitations } from './received-invitations';

/**
 * On the profile: the founder's startup in a line with the way to its page, and any invitation to another
 * startup, which the invitation mail tells an account already in a startup to look for here.
 */
export function StartupSummary() {
  const user = useSelector(selectSessionUser);
  const { data, error } = useMyStartupQuery(undefined, { skip: !user });
  if (!user) return null;
  const current = data && !error ? data : undefined;
  const count = current?.members.length ?? 0;
  return (
    <Stack gap={2}>
      <ReceivedInvitations current={current} meId={user.id} />
      {user.profileCompleted || current ? (
        <Card as="section" aria-labelledby="startup-summary-heading">
          <Stack direction="row" gap={2} align="center" justify="between" wrap>
            <Stack gap={0.5} className={styles.who}>
              <Heading level={2} size={4} id="startup-summary-heading">
                Your startup
              </Heading>
              <Text tone="muted" className={styles.breakable}>
                {current
                  ? `${current.name} · ${count === 1 ? '1 member' : `${count} members`}`
                  : 'You are not in a startup yet.'}
              </Text>
            </Stack>
            <ButtonLink to={paths.startup} variant="outline" endIcon={<ArrowRight />}>
              {current ? 'Open your startup' : 'Start or join one'}
            </ButtonLink>
          </Stack>
        </Card>
      ) : null}
    </Stack>
  );
}
