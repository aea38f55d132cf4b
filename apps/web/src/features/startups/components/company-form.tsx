import { useState, type FormEvent } from 'react';
import { industries, startupStages } from '@liftoff/contracts/auth';
import type { Startup, UpdateStartupBody } from '@liftoff/contracts/startups';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select, type SelectOption } from '../../../components/ui/select';
import { Stack } from '../../../components/ui/stack';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { Heading, Text } from '../../../components/ui/text';
import { useUpdateStartupMutation } from '../api';
import { fieldErrorsFrom, type FieldErrors } from '../lib/field-errors';
import styles from '../pages/startup-page.module.css';

const fields = ['name', 'oneLiner', 'website', 'stage', 'industry', 'location', 'foundedOn'] as const;
type Field = (typeof fields)[number];
type Values = Record<Field, string>;

/** "Not set" is a choice of its own: a stage or an industry may be emptied again. */
const NONE = 'none';
const choices = (list: readonly string[]): SelectOption<string>[] => [
  { value: NONE, label: 'Not set' },
  ...list.map((value) => ({ value, label: value })),
];
const stageOptions = choices(startupStages);
const industryOptions = choices(industries);

const valuesOf = (startup: Startup): Values => ({
  name: startup.name,
  oneLiner: startup.oneLiner ?? '',
  website: startup.website ?? '',
  stage: startup.stage ?? '',
  industry: startup.industry ?? '',
  location: startup.location ?? '',
  foundedOn: startup.foundedOn ?? '',
});

/** Only what changed goes out; an emptied field is sent as null, which the API takes as "empty it". */
function changesOf(saved: Values, edited: Values): UpdateStartupBody {
  const body: Record<string, string | null> = {};
  for (const field of fields) {
    if (edited[field] === saved[field]) continue;
    const value = edited[field].trim();
    body[field] = field === 'name' ? edited[field] : value ? value : null;
  }
  return body as UpdateStartupBody;
}

/** A stage saved before the choices were fixed is shown, and has to be chosen again to be changed. */
function legacyNote(value: string, list: readonly string[]) {
  return value && !list.includes(value)
    ? `Saved as “${value}”; choose one of the list to change it.`
    : undefined;
}

/** The company's data, editable by any member; each refused field shows the API's own message under it. */
export function CompanyForm({ startup }: { startup: Startup }) {
  const saved = valuesOf(startup);
  const [values, setValues] = useState<Values>(saved);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [update, { isLoading }] = useUpdateStartupMutation();
  const changes = changesOf(saved, values);
  const dirty = Object.keys(changes).length > 0;

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!dirty) return;
    const result = await update(changes);
    if ('error' in result) setErrors(fieldErrorsFrom(result.error, fields));
    else setErrors({});
  }

  const choice = (value: string, list: readonly string[]) => (list.includes(value) ? value : NONE);

  return (
    <Card as="section" aria-labelledby="company-heading">
      <form onSubmit={onSubmit} noValidate aria-labelledby="company-heading">
        <Stack gap={3}>
          <Stack gap={0.5}>
            <Heading level={2} size={3} id="company-heading">
              The company
            </Heading>
            <Text tone="muted" variant="body-small">
              Every member can change these. The program team and your mentors read them.
            </Text>
          </Stack>
          <div className={styles.fields}>
            <TextField
              label="Name"
              name="name"
              autoComplete="organization"
              value={values.name}
              onChange={(event) => set('name')(event.target.value)}
              error={errors.name}
              description="Up to 120 characters."
              className={styles.wide}
            />
            <TextArea
              label="One-liner"
              name="oneLiner"
              rows={2}
              maxRows={4}
              value={values.oneLiner}
              onChange={(event) => set('oneLiner')(event.target.value)}
              error={errors.oneLiner}
              description="What you do, for whom, in one sentence (up to 200 characters)."
              className={styles.wide}
            />
            <TextField
              label="Website"
              name="website"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              value={values.website}
              onChange={(event) => set('website')(event.target.value)}
              error={errors.website}
            />
            <TextField
              label="Location"
              name="location"
              value={values.location}
              onChange={(event) => set('location')(event.target.value)}
              error={errors.location}
              description="A city and country is enough."
            />
            <Select
              label="Stage"
              name="stage"
              options={stageOptions}
              value={choice(values.stage, startupStages)}
              onValueChange={(value) => set('stage')(value === NONE ? '' : value)}
              error={errors.stage}
              description={legacyNote(values.stage, startupStages)}
            />
            <Select
              label="Industry"
              name="industry"
              options={industryOptions}
              value={choice(values.industry, industries)}
              onValueChange={(value) => set('industry')(value === NONE ? '' : value)}
              error={errors.industry}
              description={legacyNote(values.industry, industries)}
            />
            <TextField
              label="Founded on"
              name="foundedOn"
              type="date"
              value={values.foundedOn}
              onChange={(event) => set('foundedOn')(event.target.value)}
              error={errors.foundedOn}
            />
          </div>
          {errors.form ? (
            <Text tone="error" role="alert">
              {errors.form}
            </Text>
          ) : null}
          <Stack direction="row" gap={1} wrap>
            <Button type="submit" loading={isLoading} disabled={!dirty}>
              Save the company
            </Button>
            {dirty ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setValues(saved);
                  setErrors({});
                }}
              >
                Undo changes
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
