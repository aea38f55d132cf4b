import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSessionEnded, sessionHasEnded } from '../../../lib/session-ended';
import type { SendLogin } from '../sign-in-form';
import { LightSignInPage } from './light-sign-in-page';

function open({
  sendLogin = vi.fn<SendLogin>(async () => null),
  navigationState,
}: {
  sendLogin?: SendLogin;
  navigationState?: unknown;
} = {}) {
  const enterApp = vi.fn();
  const view = render(
    <LightSignInPage sendLogin={sendLogin} enterApp={enterApp} navigationState={navigationState} />,
  );
  return { sendLogin, enterApp, user: userEvent.setup(), unmount: view.unmount };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email = 'founder@example.com') {
  await user.type(screen.getByLabelText(/^e-mail/i), email);
  await user.type(screen.getByLabelText(/^password/i), 'secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => window.sessionStorage.clear());

describe('the light sign-in screen', () => {
  it('says what it is and starts in the e-mail field', () => {
    open();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByText('Sign in to pick up where you left off.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^e-mail/i));
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('checks the form with the contract before sending: messages, focus, and the address as sent', async () => {
    const { sendLogin, user } = open();
    const emailField = screen.getByLabelText(/^e-mail/i);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(emailField.getAttribute('aria-invalid')).toBe('true');
    expect(emailField.getAttribute('aria-describedby')).toBe(
      screen.getByText('Enter a valid e-mail address').id,
    );
    expect(document.activeElement).toBe(emailField);
    expect(sendLogin).not.toHaveBeenCalled();

    // A fixed field loses its message as it is typed; the other keeps its own.
    await user.type(emailField, '  Founder@Example.com ');
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address')).toBeNull());
    expect(screen.getByText('Enter your password')).toBeTruthy();

    await user.type(screen.getByLabelText(/^password/i), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(sendLogin).toHaveBeenCalledWith({ email: 'founder@example.com', password: 'secret' }),
    );
  });

  it("shows the server's message in an alert and lets the founder try again", async () => {
    const { user } = open({ sendLogin: async () => 'Incorrect e-mail or password.' });
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect e-mail or password.');
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
  });

  it('is busy while the sign-in is on its way', async () => {
    let answer: (message: string | null) => void = () => undefined;
    const { user } = open({ sendLogin: () => new Promise((resolve) => (answer = resolve)) });
    await signIn(user);
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.getAttribute('aria-busy')).toBe('true');
    answer('Login failed');
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('says the session has ended, until the founder signs in again', async () => {
    markSessionEnded();
    const { user, enterApp } = open();
    expect(screen.getByRole('status').textContent).toContain('Your session has ended.');
    await signIn(user);
    await waitFor(() => expect(enterApp).toHaveBeenCalled());
    expect(sessionHasEnded()).toBe(false);
  });

  it('hands the page to the full app on the overview once signed in', async () => {
    const { user, enterApp } = open();
    await signIn(user);
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith('/overview', 'replace'));
  });

  it('returns to the page the founder was sent away from', async () => {
    const { user, enterApp } = open({ navigationState: { from: '/programs?tab=2' } });
    await signIn(user);
    await waitFor(() => expect(enterApp).toHaveBeenCalledWith('/programs?tab=2', 'replace'));
  });

  it('lands on the overview when the page it was sent away from is not one of this app', async () => {
    for (const from of ['//elsewhere.example/x', '/\\elsewhere.example/x', 'https://elsewhere.example/']) {
      const { user, enterApp, unmount } = open({ navigationState: { from } });
      await signIn(user);
      await waitFor(() => expect(enterApp).toHaveBeenCalledWith('/overview', 'replace'));
      unmount();
    }
  });

  it('follows its links inside the full app', async () => {
    const { user, enterApp } = open();
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(enterApp).toHaveBeenCalledWith('/sign-up', 'push');
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(enterApp).toHaveBeenCalledWith('/forgot-password', 'push');
  });

  it('shows and hides the password', async () => {
    const { user } = open();
    const password = screen.getByLabelText(/^password/i);
    expect(password.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });
});
