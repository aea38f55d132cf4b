import type { Startup } from '@liftoff/contracts/startups';
import type { App } from '../../src/app.js';
import { bearer } from '../helpers/accounts.js';

/** The caller's startup, failing the test when they are in none. */
export async function myStartup(app: App, token: string): Promise<Startup> {
  const res = await app.inject({ method: 'GET', url: '/api/startup', headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`my startup: ${res.statusCode} ${res.body}`);
  return res.json().data as Startup;
}

export async function inviteCofounder(app: App, token: string, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/startup/invitations',
    headers: bearer(token),
    payload: { email },
  });
  if (res.statusCode !== 201) throw new Error(`invite: ${res.statusCode} ${res.body}`);
  return res.json().data as { invitation: { id: string; status: string }; joined: boolean };
}

/** The titles of the person's notification centre entries, once the event bus has delivered them. */
export async function notificationTitles(app: App, token: string): Promise<string[]> {
  await app.events.settled();
  const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
  return (res.json().data.notifications as { title: string }[]).map((n) => n.title);
}
