import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../app/testing/signed-in-app';
import { json } from '../../../app/testing/studio-people';
import { ResetPasswordPage } from './reset-password-page';

const TOKEN = 'a'.repeat(43);

/** Opens the reset page from a mailed link; `check` answers the link's check. */
async function open(check: () => Response) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app');
    if (url.pathname === '/api/auth/check-reset-password-link') {
      expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
      return check();
    }
    return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
  });
  await renderSignedIn(
    [
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/forgot-password', element: <p>Forgot password page</p> },
    ],
    `/reset-password?token=${TOKEN}`,
    fetchImpl,
  );
}

const answer = (usable: boolean) => json(200, { message: 'Reset link checked.', data: { usable } });

describe('the reset-password page checks its link on opening', () => {
  it('a usable link shows the new-password form', async () => {
    await open(() => answer(true));
    expect(await screen.findByLabelText(/^New password/)).toBeTruthy();
    expect(screen.queryByText(/already used or has expired/)).toBeNull();
  });

  it('a used or expired link says so, with no password fields, and leads to a new link', async () => {
    await open(() => answer(false));
    expect(
      await screen.findByText(/This link was already used or has expired — ask for a new one\./),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Get a new reset link' }));
    expect(await screen.findByText('Forgot password page')).toBeTruthy();
  });

  it('a failed check says so and tries again', async () => {
    let fail = true;
    await open(() =>
      fail ? json(500, { message: 'Something went wrong', statusCode: 500, code: 'INTERNAL' }) : answer(true),
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Your reset link could not be checked')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByLabelText(/^New password/)).toBeTruthy();
  });

  it('a link the server cannot read (cut off in the mail) says it no longer works, with no retry', async () => {
    await open(() =>
      json(400, { message: 'token: must be a reset token', statusCode: 400, code: 'VALIDATION_ERROR' }),
    );
    expect(await screen.findByRole('heading', { name: 'This link no longer works' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });
});
