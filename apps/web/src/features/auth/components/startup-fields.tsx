import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  industries,
  onboardingAnswers,
  personName,
  startupStages,
  type UserMeta,
} from '@liftoff/contracts/auth';

/**
 * What onboarding asks and the profile edits: the person's name and the contract's onboarding answers, so
 * both screens offer the same choices and check them as the API does.
 */
export const founderDetailsSchema = onboardingAnswers.extend({ firstName: personName, lastName: personName });
export type FounderDetails = z.input<typeof founderDetailsSchema>;
export const founderDetailFields = [
  'firstName',
  'lastName',
  'startupName',
  'stage',
  'industry',
  'goals',
] as const satisfies readonly (keyof FounderDetails)[];

/** An answer saved before the choices were fixed shows as not chosen, to be chosen again. */
const choice = <T extends string>(options: readonly T[], value: unknown) =>
  (options as readonly unknown[]).includes(value) ? (value as T) : ('' as T);

/** The form's starting values from the saved user. */
export function founderDetailsFrom(
  user: {
    firstName: string | null;
    lastName: string | null;
    meta: UserMeta;
  } | null,
): FounderDetails {
  const meta = user?.meta ?? {};
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    startupName: meta.startupName ?? '',
    stage: choice(startupStages, meta.stage),
    industry: choice(industries, meta.industry),
    goals: meta.goals ?? '',
  };
}

/** One required choice from one of the contract's lists. */
function ChoiceField({
  control,
  name,
  label,
  options,
  help,
  invalid,
}: {
  control: Control<FounderDetails>;
  name: 'stage' | 'industry';
  label: string;
  options: readonly string[];
  help: string;
  invalid: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField select label={label} required fullWidth {...field} error={invalid} helperText={help}>
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Stage and industry (chosen from the contract's lists) and the goals, for a form of FounderDetails. */
export function StartupFields({
  control,
  register,
  errors,
}: {
  control: Control<FounderDetails>;
  register: UseFormRegister<FounderDetails>;
  errors: FieldErrors<FounderDetails>;
}) {
  return (
    <>
      <Stack direction={{ xs: 'column', tablet: 'row' }} spacing={2}>
        <ChoiceField
          control={control}
          name="stage"
          label="Stage"
          options={startupStages}
          help={errors.stage?.message ?? 'Where the company is today'}
          invalid={Boolean(errors.stage)}
        />
        <ChoiceField
          control={control}
          name="industry"
          label="Industry"
          options={industries}
          help={errors.industry?.message ?? 'The closest fit'}
          invalid={Boolean(errors.industry)}
        />
      </Stack>
      <TextField
        label="What do you want from the program?"
        multiline
        minRows={3}
        error={Boolean(errors.goals)}
        helperText={
          errors.goals?.message ??
          'For example: find product–market fit, prepare our seed round, hire the first engineer.'
        }
        {...register('goals')}
      />
    </>
  );
}
