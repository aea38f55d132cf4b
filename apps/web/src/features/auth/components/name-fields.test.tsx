import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it, vi } from 'vitest';
import { personName } from '@liftoff/contracts/auth';
import { appTheme } from '../../../app/theme';
import { NameFields } from './name-fields';

const schema = z.object({ firstName: personName, lastName: personName });

function Form({ onSave }: { onSave: (values: z.output<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { firstName: '', lastName: '' } });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)}>
      <NameFields
        firstName={register('firstName')}
        lastName={register('lastName')}
        errors={errors}
        autoFocus
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('NameFields', () => {
  it("labels, autocompletes and validates both names with the form's schema", async () => {
    const onSave = vi.fn();
    render(
      <ThemeProvider theme={appTheme()}>
        <Form onSave={onSave} />
      </ThemeProvider>,
    );
    const first = screen.getByRole('textbox', { name: 'First name' });
    const last = screen.getByRole('textbox', { name: 'Last name' });
    expect(first.getAttribute('autocomplete')).toBe('given-name');
    expect(last.getAttribute('autocomplete')).toBe('family-name');
    expect(document.activeElement).toBe(first);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(first, 'Ada');
    await userEvent.type(last, 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });
});
