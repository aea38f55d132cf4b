import type { UnknownAction } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  conversationOpened,
  errorDismissed,
  FEEDBACK_THANKS,
  feedbackSuccessReset,
  initialAiChatState,
  retryStarted,
  sessionArchived,
  sessionCreated,
  sessionDeleted,
  sessionRestored,
  sessionsLoaded,
  streamCompleted,
  streamDelta,
  streamErrored,
  streamFailed,
  streamFollowUps,
  streamSources,
  streamStarted,
  streamStopped,
  versionSelected,
} from './slice';
import { ids, reduce, sent, session } from './testing/chat-state-fixtures';

describe('the streaming reply (spec section 4)', () => {
  it('shows the question and a temporary reply, then replaces the temporary reply by the final one', () => {
    let state = reduce(initialAiChatState, conversationOpened(null), sent);
    expect(state.streaming).toBe(true);
    expect(state.messages.map((m) => [m.role, m.isTemp])).toEqual([
      ['user', true],
      ['assistant', true],
    ]);

    state = reduce(
      state,
      streamStarted(ids),
      streamDelta('Talk to '),
      streamDelta('ten people.'),
      streamFollowUps(['Who first?']),
      streamSources([{ kind: 'step', title: 'Plan interviews', url: '/programs' }]),
    );
    expect(state.conversationId).toBe('c1');
    expect(state.messages[0]).toMatchObject({ id: 'u1', isTemp: false });
    expect(state.messages[1]).toMatchObject({
      isTemp: true,
      content: 'Talk to ten people.',
      responseId: 'r1',
    });

    state = reduce(state, streamCompleted());
    expect(state.streaming).toBe(false);
    expect(state.messages).toHaveLength(2);
    const final = state.messages[1]!;
    expect(final).toMatchObject({
      id: 'r1',
      isTemp: false,
      status: 'COMPLETE',
      content: 'Talk to ten people.',
      messageId: 'u1',
      followUpQuestions: ['Who first?'],
      sources: [{ kind: 'step', title: 'Plan interviews', url: '/programs' }],
    });
    expect(final.versions.map((v) => v.id)).toEqual(['r1']);
    expect(state.announcement).toBe('The coach has answered.');
  });

  it('removes the temporary reply when nothing arrived before a stop', () => {
    const state = reduce(initialAiChatState, sent, streamStarted(ids), streamStopped());
    expect(state.messages.map((m) => m.id)).toEqual(['u1']);
    expect(state.streaming).toBe(false);
  });

  it('keeps a stopped partial answer, marked stopped', () => {
    const state = reduce(initialAiChatState, sent, streamStarted(ids), streamDelta('Half'), streamStopped());
    expect(state.messages[1]).toMatchObject({ id: 'r1', isTemp: false, status: 'STOPPED', content: 'Half' });
  });

  it('sets the error flag when an event carries an error and keeps the failed answer to retry', () => {
    const state = reduce(
      initialAiChatState,
      sent,
      streamStarted(ids),
      streamErrored('The model is busy'),
      streamCompleted(),
    );
    expect(state.error).toBe(true);
    expect(state.errorMessage).toBe('The model is busy');
    expect(state.messages[1]).toMatchObject({ id: 'r1', status: 'ERROR', error: 'The model is busy' });
  });

  it('a request that fails before any event removes both and keeps the question to send again', () => {
    const state = reduce(
      initialAiChatState,
      sent,
      streamFailed({ message: 'HTTP error! status: 500', input: 'How do I run interviews?' }),
    );
    expect(state.messages).toEqual([]);
    expect(state.error).toBe(true);
    expect(state.errorMessage).toBe('HTTP error! status: 500');
    expect(state.failedInput).toBe('How do I run interviews?');
    expect(state.streaming).toBe(false);
  });

  it('a stream cut off after the server named the answer keeps it, failed, to retry', () => {
    const state = reduce(
      initialAiChatState,
      sent,
      streamStarted(ids),
      streamFailed({ message: 'Something went wrong. Please try again.', input: 'How do I run interviews?' }),
    );
    expect(state.messages.map((m) => [m.id, m.status, m.error])).toEqual([
      ['u1', 'COMPLETE', null],
      ['r1', 'ERROR', 'Something went wrong. Please try again.'],
    ]);
    expect(state.messages[1]).toMatchObject({ messageId: 'u1', isTemp: false });
    expect(state.failedInput).toBeNull();
  });

  it('a retry the server never got puts the answer back and keeps the retry to ask again', () => {
    let state = reduce(initialAiChatState, sent, streamStarted(ids), streamDelta('First'), streamCompleted());
    state = reduce(
      state,
      retryStarted({ responseId: 'r1', tempId: 't2', timestamp: '2030-01-01T00:01:00.000Z' }),
      streamFailed({ message: 'HTTP error! status: 500', input: null }),
    );
    expect(state.messages[1]).toMatchObject({ id: 'r1', content: 'First', isTemp: false, error: null });
    expect(state).toMatchObject({ error: true, errorMessage: 'HTTP error! status: 500', failedRetry: 'r1' });
    state = reduce(state, errorDismissed());
    expect(state.failedRetry).toBeNull();
  });

  it('a retry streams a new version in place and keeps the earlier ones; removed, it restores the answer', () => {
    let state = reduce(initialAiChatState, sent, streamStarted(ids), streamDelta('First'), streamCompleted());
    const retry = retryStarted({ responseId: 'r1', tempId: 't2', timestamp: '2030-01-01T00:01:00.000Z' });

    const abandoned = reduce(state, retry, streamStopped());
    expect(abandoned.messages[1]).toMatchObject({ id: 'r1', content: 'First', isTemp: false });

    state = reduce(
      state,
      retry,
      streamStarted({ ...ids, responseId: 'r2' }),
      streamDelta('Second'),
      streamCompleted(),
    );
    expect(state.messages).toHaveLength(2);
    expect(state.messages[1]).toMatchObject({ id: 'r2', content: 'Second', versionIndex: 1 });
    expect(state.messages[1]!.versions.map((v) => [v.id, v.content])).toEqual([
      ['r1', 'First'],
      ['r2', 'Second'],
    ]);
    state = reduce(state, versionSelected({ id: 'r2', index: 0 }));
    expect(state.messages[1]).toMatchObject({ content: 'First', versionIndex: 0, responseId: 'r1' });
  });

  it('a retry started from an older version on screen streams a new version after all the others', () => {
    const retryOf = (responseId: string, tempId: string) =>
      retryStarted({ responseId, tempId, timestamp: '2030-01-01T00:01:00.000Z' });
    let state = reduce(initialAiChatState, sent, streamStarted(ids), streamDelta('First'), streamCompleted());
    state = reduce(
      state,
      retryOf('r1', 't2'),
      streamStarted({ ...ids, responseId: 'r2' }),
      streamDelta('Second'),
    );
    state = reduce(state, streamCompleted(), versionSelected({ id: 'r2', index: 0 }));

    state = reduce(state, retryOf('r1', 't3'));
    expect(state.streaming).toBe(true);
    expect(state.messages[1]).toMatchObject({ isTemp: true, content: '' });
    state = reduce(
      state,
      streamStarted({ ...ids, responseId: 'r3' }),
      streamDelta('Third'),
      streamCompleted(),
    );
    expect(state.messages[1]).toMatchObject({ id: 'r3', content: 'Third', versionIndex: 2 });
    expect(state.messages[1]!.versions.map((v) => v.id)).toEqual(['r1', 'r2', 'r3']);
  });
});

describe('sessions (spec section 4)', () => {
  const loaded = sessionsLoaded({
    items: [session('a'), session('b'), session('c')],
    pageNo: 1,
    total: 3,
  });

  it('a created session goes to the top, or replaces the one with the same conversationId in place', () => {
    let state = reduce(initialAiChatState, loaded, sessionCreated(session('d')));
    expect(state.sessions.map((s) => s.conversationId)).toEqual(['d', 'a', 'b', 'c']);
    state = reduce(state, sessionCreated(session('b', 'Renamed')));
    expect(state.sessions.map((s) => [s.conversationId, s.title])).toEqual([
      ['d', 'd'],
      ['a', 'a'],
      ['b', 'Renamed'],
      ['c', 'c'],
    ]);
  });

  it('delete removes it and clears the open chat and its messages if it was open', () => {
    let state = reduce(initialAiChatState, loaded, conversationOpened('b'), sent);
    state = reduce(state, sessionDeleted('a'));
    expect(state.conversationId).toBe('b');
    expect(state.messages).toHaveLength(2);
    state = reduce(state, sessionDeleted('b'));
    expect(state.sessions.map((s) => s.conversationId)).toEqual(['c']);
    expect(state.conversationId).toBeNull();
    expect(state.messages).toEqual([]);
  });

  it('archive takes it off the active list; restore puts it back at the top', () => {
    let state = reduce(initialAiChatState, loaded, sessionArchived('b'));
    expect(state.sessions.map((s) => s.conversationId)).toEqual(['a', 'c']);
    state = reduce(state, sessionRestored({ ...session('b'), isArchived: true }));
    expect(state.sessions.map((s) => [s.conversationId, s.isArchived])).toEqual([
      ['b', false],
      ['a', false],
      ['c', false],
    ]);
  });

  it('a later page is appended without repeating a session', () => {
    const state = reduce(
      initialAiChatState,
      loaded,
      sessionsLoaded({ items: [session('c'), session('d')], pageNo: 2, total: 4 }),
    );
    expect(state.sessions.map((s) => s.conversationId)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('feedback (spec section 4)', () => {
  const meta = {
    requestId: 'x',
    requestStatus: 'pending',
    arg: { endpointName: 'addFeedback', type: 'mutation', originalArgs: {} },
  };

  it('loading while pending, then the thank-you message, which can be reset', () => {
    let state = reduce(initialAiChatState, sent, streamStarted(ids), streamDelta('x'), streamCompleted());
    state = reduce(state, {
      type: 'api/executeMutation/pending',
      meta: { ...meta, rejectedWithValue: false },
    } as UnknownAction);
    expect(state.feedbackLoading).toBe(true);
    const feedback = {
      messageId: 'r1',
      feedbackType: 'DISLIKE',
      reason: 'Too vague',
      comment: null,
      createdAt: 'now',
    };
    state = reduce(state, {
      type: 'api/executeMutation/fulfilled',
      payload: feedback,
      meta: { ...meta, requestStatus: 'fulfilled', fulfilledTimeStamp: 1, baseQueryMeta: {} },
    } as UnknownAction);
    expect(state.feedbackLoading).toBe(false);
    expect(state.feedbackSuccess).toBe(FEEDBACK_THANKS);
    expect(state.messages[1]!.feedback).toEqual(feedback);
    expect(state.messages[1]!.versions[0]!.feedback).toEqual(feedback);
    state = reduce(state, feedbackSuccessReset());
    expect(state.feedbackSuccess).toBeNull();
  });
});

it('signing out forgets the conversations', () => {
  const state = reduce(initialAiChatState, sessionCreated(session('a')), sent, { type: 'auth/authReset' });
  expect(state).toEqual(initialAiChatState);
});
