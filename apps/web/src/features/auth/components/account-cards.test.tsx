import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { json } from '../../../app/testing/studio-people';
import { registerNavigator } from '../../../lib/navigation';
import { ConfirmEmailPage } from '../pages/confirm-email-page';
import { AccountDataCard } from './account-data-card';
import { ChangeEmailCard } from './change-email-card';

type Answer = (body: Record<string, unknown>) => Response;

/** A fetch that answers one API path with `answer`, recording the bodies it was sent. */
function api(path: string, answer: Answer) {
  const bodies: Record<string, unknown>[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === `/api${path}`) {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  return { fetchImpl, bodies };
}

const refused = (status: number, path: string, message: string, code = 'VALIDATION_FAILED') =>
  json(status, { message, statusCode: status, code, details: [{ path, message }] });

describe('changing the e-mail address on the profile', () => {
  it('names a taken address on its field, then says where the link went', async () => {
    let taken = true;
    const { fetchImpl, bodies } = api('/auth/email-change', () =>
      taken
        ? refused(409, 'newEmail', 'An account with this e-mail already exists.', 'EMAIL_TAKEN')
        : json(200, {
            message: 'A confirmation link was sent to the new address.',
            data: { pendingEmail: 'new@example.com', expiresAt: '2026-12-02T09:00:00.000Z' },
          }),
    );
    await renderSignedIn(
      [{ path: '/', element: <ChangeEmailCard currentEmail="old@example.com" /> }],
      '/',
      fetchImpl,
    );
    const address = screen.getByRole('textbox', { name: /New e-mail address/ });
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();

    await userEvent.type(address, 'New@Example.com');
    await userEvent.type(screen.getByLabelText(/Your password/), 'my-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('An account with this e-mail already exists.')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(bodies[0]).toEqual({ newEmail: 'new@example.com', password: 'my-password-1' });

    taken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Check new@example.com and open the link');
    expect(status.textContent).toContain('you keep using old@example.com');
  });
});

describe('deleting the account from the profile', () => {
  it('asks for the password and the second factor, shows a refusal on its field, and signs out when done', async () => {
    let wrong = true;
    const { fetchImpl, bodies } = api('/auth/account/delete', () =>
      wrong
        ? refused(400, 'password', 'Your password is not right.', 'INVALID_CREDENTIALS')
        : json(200, { message: 'The account was deleted.', data: {} }),
    );
    const { store, router } = await renderSignedIn(
      [
        { path: '/', element: <AccountDataCard twoFactorEnabled /> },
        { path: '/sign-in', element: <p>Sign-in page</p> },
      ],
      '/',
      fetchImpl,
    );
    // As the app's root does: signing out leads to the sign-in page.
    registerNavigator((to, options) => void router.navigate(to, options));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('This cannot be undone');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Enter your password')).toBeTruthy();
    expect(screen.getByText('Enter a code from your authenticator app or a backup code')).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/Your password/), 'not-it-1');
    await userEvent.type(screen.getByRole('textbox', { name: /backup code/ }), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your password is not right.')).toBeTruthy();
    expect(bodies[0]).toEqual({ password: 'not-it-1', code: 'abcde-12345' });
    expect((store.getState() as { auth: { token: string | null } }).auth.token).not.toBeNull();

    wrong = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect((store.getState() as { auth: { token: string | null } }).auth.token).toBeNull();
    expect(await screen.findByText(/Your account was deleted/)).toBeTruthy();
  });

  it('keeps the account when the founder changes their mind', async () => {
    const { fetchImpl } = api('/auth/account/delete', () => json(500, {}));
    await renderSignedIn(
      [{ path: '/', element: <AccountDataCard twoFactorEnabled={false} /> }],
      '/',
      fetchImpl,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    expect(screen.queryByRole('textbox', { name: /backup code/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});

describe('the page a new address confirms on', () => {
  const TOKEN = 't'.repeat(43);
  const open = (answer: Answer) => {
    const { fetchImpl, bodies } = api('/auth/email-change/confirm', answer);
    return renderSignedIn(
      [
        { path: '/confirm-email', element: <ConfirmEmailPage /> },
        { path: '/profile', element: <p>Profile page</p> },
      ],
      `/confirm-email?token=${TOKEN}`,
      fetchImpl,
    ).then(() => ({ fetchImpl, bodies }));
  };

  it('confirms on a press of the button, not on opening, and names the new address', async () => {
    const { fetchImpl, bodies } = await open(() =>
      json(200, { message: 'The e-mail address was changed.', data: { email: 'new@example.com' } }),
    );
    expect(fetchImpl).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    expect((await screen.findByRole('status')).textContent).toContain('new@example.com');
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('says a used or expired link no longer works, and leads to the profile', async () => {
    await open(() =>
      refused(400, 'token', 'This link has expired. Ask for a new one from your profile.', 'CODE_EXPIRED'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    expect(await screen.findByText(/This link has expired/)).toBeTruthy();
    expect(screen.getByText('Your address has not changed.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link from your profile' }));
    expect(await screen.findByText('Profile page')).toBeTruthy();
  });

  it('offers to try again when the server could not answer', async () => {
    let fail = true;
    await open(() =>
      fail
        ? json(500, { message: 'Something went wrong', statusCode: 500, code: 'INTERNAL_ERROR' })
        : json(200, { message: 'The e-mail address was changed.', data: { email: 'new@example.com' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use this address' }));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect((await screen.findByRole('status')).textContent).toContain('new@example.com');
  });
});
