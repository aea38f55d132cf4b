import { useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Stack } from '../../../components/ui/stack';
import { TextField } from '../../../components/ui/text-field';
import { Heading, Text } from '../../../components/ui/text';
import { selectSessionUser } from '../../../lib/session';
import { useCreateStartupMutation, useMyStartupQuery } from '../api';
import { CompanyForm } from '../components/company-form';
import { InvitationsCard } from '../components/invitations-card';
import { MembersCard } from '../components/members-card';
import { ReceivedInvitations } from '../components/received-invitations';
import { failureMessage, fieldErrorsFrom, type FieldErrors } from '../lib/field-errors';
import styles from './startup-page.module.css';

function Loading() {
  return (
    <Stack gap={3} role="status" aria-label="Loading your startup" aria-busy="true">
      <Skeleton width="40%" height={40} />
      <Skeleton shape="rect" height={280} />
      <Skeleton shape="rect" height={160} />
    </Stack>
  );
}

/** The empty state: a person in no startup starts one (or accepts an invitation above it). */
function StartOne() {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'name'>>({});
  const [create, { isLoading }] = useCreateStartupMutation();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = await create({ name });
    if ('error' in result) setErrors(fieldErrorsFrom(result.error, ['name'] as const));
  }

  return (
    <Card as="section" aria-labelledby="start-heading">
      <form onSubmit={onSubmit} noValidate aria-labelledby="start-heading">
        <Stack gap={2}>
          <Stack gap={0.5}>
            <Heading level={2} size={3} id="start-heading">
              You are not in a startup
            </Heading>
            <Text tone="muted">
              Start one and invite your co-founders, or accept an invitation a co-founder sent you.
            </Text>
          </Stack>
          <TextField
            label="Startup name"
            name="name"
            autoComplete="organization"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setErrors({});
            }}
            error={errors.name}
          />
          {errors.form ? (
            <Text tone="error" role="alert" className={styles.breakable}>
              {errors.form}
            </Text>
          ) : null}
          <div>
            <Button type="submit" loading={isLoading}>
              Start the startup
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The founder's startup (decision 063): the company's data, its members and who is invited, and any
 * invitation the founder received from another startup.
 */
export function StartupPage() {
  const user = useSelector(selectSessionUser);
  const { data, error, isLoading, isFetching, refetch } = useMyStartupQuery();
  const meId = user?.id ?? '';
  const notInOne = (error as { status?: number } | undefined)?.status === 404;

  let body;
  if (isLoading) body = <Loading />;
  else if (notInOne)
    body = (
      <>
        <ReceivedInvitations meId={meId} />
        <StartOne />
      </>
    );
  else if (error || !data)
    body = (
      <Card role="alert">
        <Stack gap={2} align="start">
          <Text className={styles.breakable}>
            {failureMessage(error, 'Your startup could not be loaded.')}
          </Text>
          <Button variant="outline" icon={<RotateCw />} loading={isFetching} onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Card>
    );
  else {
    const isOwner = data.members.some((member) => member.userId === meId && member.role === 'owner');
    body = (
      <>
        <ReceivedInvitations current={data} meId={meId} />
        {/* Keyed by the saved version: after a save, or a co-founder's, the form starts from the server's. */}
        <CompanyForm key={data.updatedAt} startup={data} />
        <MembersCard startup={data} meId={meId} />
        <InvitationsCard startup={data} isOwner={isOwner} />
      </>
    );
  }

  return (
    <Stack gap={3} className={styles.page}>
      <Stack gap={0.5}>
        <Text variant="label" tone="muted">
          Your startup
        </Text>
        <Heading level={1} className={styles.breakable}>
          {data && !error ? data.name : 'Startup'}
        </Heading>
      </Stack>
      {body}
    </Stack>
  );
}
