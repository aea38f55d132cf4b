import type { Contribution, MissionContributions } from '@liftoff/contracts/programs-contributions';
import type { ReactNode } from 'react';
import { RotateCw } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stack } from '../../../components/ui/stack';
import { Heading, Text } from '../../../components/ui/text';
import { formatNumber } from '../../../lib/format';
import { useMissionContributionsQuery } from '../api';

const TITLE_ID = 'mission-contributions-title';

/** "1", "1 and 3", "1, 2 and 4": a list as it is said. */
function sayList(items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * One person's part in plain words: "Ada answered 4 of 6 fields, completed 2 steps and handed in version 2."
 * Fields are counted against the mission's total so the share reads at a glance; versions keep their numbers
 * because that is how the review and the deliverable page name them.
 */
export function describeContribution(person: Contribution, fieldsTotal: number): string {
  const parts: string[] = [];
  if (person.fieldsAnswered > 0) {
    const total = fieldsTotal > 0 ? ` of ${formatNumber(fieldsTotal)}` : '';
    const noun = (fieldsTotal || person.fieldsAnswered) === 1 ? 'field' : 'fields';
    parts.push(`answered ${formatNumber(person.fieldsAnswered)}${total} ${noun}`);
  }
  const steps = person.stepsCompleted.length;
  if (steps > 0) parts.push(`completed ${formatNumber(steps)} ${steps === 1 ? 'step' : 'steps'}`);
  const versions = person.versionsHandedIn;
  if (versions.length > 0) {
    const numbers = sayList(versions.map((v) => formatNumber(v)));
    parts.push(`handed in ${versions.length === 1 ? 'version' : 'versions'} ${numbers}`);
  }
  return parts.length
    ? `${person.name} ${sayList(parts)}.`
    : `${person.name} has not worked on this mission yet.`;
}

/**
 * The part is only worth showing where the work is shared. The answer lists every current member and then
 * anyone else whose work is in the mission (a co-founder who left, a deleted account as "Former member"), so
 * more than one person in it means more than one member or someone else's work: a founder alone in their
 * startup, with only their own work, would read a section that says "you did everything".
 */
export function worthShowing(data: MissionContributions): boolean {
  return data.people.length > 1;
}

function Section({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <Card as="section" aria-labelledby={TITLE_ID} aria-busy={busy || undefined}>
      <Stack gap={1.5}>
        <Heading level={2} size={4} id={TITLE_ID}>
          Who did what
        </Heading>
        {children}
      </Stack>
    </Card>
  );
}

/** Each person's part of a mission their startup works on together (issue 77), beside the step. */
export function MissionContributionsCard({ missionId }: { missionId: string }) {
  const query = useMissionContributionsQuery(missionId, { skip: !missionId });

  // A refetch that fails keeps the last answer on screen: only a first load shows the skeleton or the retry.
  if (!query.data) {
    if (query.isError) {
      return (
        <Section>
          <Stack direction="row" gap={1} align="center" wrap>
            <Text variant="body-small" tone="muted">
              Could not load who did what.
            </Text>
            <Button
              variant="ghost"
              size="small"
              icon={<RotateCw aria-hidden="true" />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              Try again
            </Button>
          </Stack>
        </Section>
      );
    }
    return (
      <Section busy>
        <Skeleton shape="text" width="80%" />
      </Section>
    );
  }

  const data = query.data;
  if (!worthShowing(data)) return null;
  return (
    <Section>
      <Stack as="ul" gap={1}>
        {data.people.map((person, index) => (
          <li key={person.userId ?? `former-${index}`}>
            <Stack direction="row" gap={1} align="start">
              <Avatar name={person.name} size="small" decorative />
              <Stack gap={0}>
                <Text variant="body-small">{describeContribution(person, data.fieldsTotal)}</Text>
                {person.userId && !person.member ? (
                  <Text variant="caption" tone="muted">
                    No longer in the startup
                  </Text>
                ) : null}
              </Stack>
            </Stack>
          </li>
        ))}
      </Stack>
    </Section>
  );
}
