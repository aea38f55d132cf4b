import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { buildRoutes } from '../../../app/router';
import { createAppStore } from '../../../app/store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderApp(initialPath: string, fetchImpl: typeof fetch) {
  const app = createAppStore({ storage: window.localStorage, fetch: fetchImpl });
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [initialPath] });
  render(
    <AppProviders app={app}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { app, router };
}

describe('signing in with an identity provider', () => {
  it('offers a button per configured provider, and says why the last provider sign-in failed', async () => {
    const fetchImpl = vi.fn(async (url: string) =>
      url === '/api/auth/oidc/providers'
        ? json(200, {
            message: 'ok',
            data: [{ id: 'sso', name: 'University login', startPath: '/api/auth/oidc/sso/start' }],
          })
        : json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' }),
    );
    renderApp('/sign-in?provider_error=invitation_required', fetchImpl as unknown as typeof fetch);
    const button = await screen.findByRole('link', { name: 'Continue with University login' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/sso/start');
    expect(screen.getByRole('alert').textContent).toContain('open by invitation only');
  });

  it('asks for the password of an existing account before linking it, and says when it is wrong', async () => {
    window.history.replaceState(null, '', '/sign-in/provider#handoff=handoff-code-0123456789');
    const fetchImpl = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/auth/oidc/complete')
        return json(200, {
          message: 'ok',
          data: {
            kind: 'confirm-link',
            email: 'ada@uni.example',
            provider: { id: 'sso', name: 'University login' },
          },
        });
      if (url === '/api/auth/oidc/link')
        return json(401, {
          message: 'That password is not right.',
          statusCode: 401,
          code: 'INVALID_CREDENTIALS',
        });
      return json(404, { message: 'Not found', statusCode: 404, code: 'NOT_FOUND' });
    });
    renderApp('/sign-in/provider', fetchImpl as unknown as typeof fetch);
    expect(await screen.findByText(/An account for ada@uni.example already exists/)).toBeTruthy();
    // The hand-off is gone from the address once read.
    expect(window.location.hash).toBe('');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^password/i), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('That password is not right.')).toBeTruthy();
    const linkCall = fetchImpl.mock.calls.find(([url]) => url === '/api/auth/oidc/link')!;
    expect(JSON.parse(String(linkCall[1]!.body))).toEqual({
      handoff: 'handoff-code-0123456789',
      password: 'wrong',
    });
    await waitFor(() =>
      expect(fetchImpl.mock.calls.filter(([url]) => url === '/api/auth/oidc/complete')).toHaveLength(1),
    );
  });
});
