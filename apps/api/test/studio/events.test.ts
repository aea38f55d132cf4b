import type { AppEvent, EventOf } from '@liftoff/contracts/events';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

const reopened = (founderId: string): AppEvent => ({
  type: 'mission.reopened',
  founderId,
  missionId: 'm1',
  cohortId: 'c1',
  reopenedById: 'u9',
});

describe('the event bus', () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'error' },
      {
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logged.push(String(chunk));
            done();
          },
        }),
      },
    );
  });
  afterAll(() => t?.close());

  it('delivers an event to the subscribers of its type only, after the publisher has moved on', async () => {
    const heard: EventOf<'mission.reopened'>[] = [];
    const other: unknown[] = [];
    const stop = t.app.events.subscribe('mission.reopened', async (event) => void heard.push(event));
    const stopOther = t.app.events.subscribe('invitation.accepted', (event) => void other.push(event));
    t.app.events.publish(reopened('f1'));
    expect(heard).toEqual([]); // asynchronous: nothing ran inside publish
    await t.app.events.settled();
    expect(heard).toEqual([reopened('f1')]);
    expect(other).toEqual([]);
    stop();
    stopOther();
    t.app.events.publish(reopened('f2'));
    await t.app.events.settled();
    expect(heard).toHaveLength(1);
  });

  it('logs a failing handler without failing the publisher or the other handlers', async () => {
    const heard: string[] = [];
    const stops = [
      t.app.events.subscribe('mission.reopened', () => {
        throw new Error('handler broke');
      }),
      t.app.events.subscribe('mission.reopened', (event) => void heard.push(event.founderId)),
    ];
    expect(() => t.app.events.publish(reopened('f3'))).not.toThrow();
    await t.app.events.settled();
    expect(heard).toEqual(['f3']);
    expect(logged.join('')).toContain('event handler failed');
    expect(logged.join('')).toContain('handler broke');
    for (const stop of stops) stop();
  });

  it('waits in settled() for events that handlers publish in turn', async () => {
    const heard: string[] = [];
    const stops = [
      t.app.events.subscribe('mission.reopened', async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        t.app.events.publish({
          type: 'invitation.accepted',
          invitationId: 'i1',
          cohortId: event.cohortId,
          founderId: event.founderId,
          invitedById: 'm1',
        });
      }),
      t.app.events.subscribe('invitation.accepted', (event) => void heard.push(event.invitationId)),
    ];
    t.app.events.publish(reopened('f4'));
    await t.app.events.settled();
    expect(heard).toEqual(['i1']);
    for (const stop of stops) stop();
  });

  it('refuses a malformed event where it is published', () => {
    expect(() =>
      t.app.events.publish({ type: 'mission.reopened', founderId: 'f5' } as unknown as AppEvent),
    ).toThrow();
  });
});
