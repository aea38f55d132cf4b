import { describe, expect, it } from 'vitest';
import { conversationOpened, historyLoaded, historyRefreshed, initialAiChatState } from '../slice';
import { reduce, sent } from '../testing/chat-state-fixtures';
import { historyItem } from '../testing/fake-ai-server';

describe('opening a conversation', () => {
  it('leaves a chat that is already a fresh new chat as it is, so the page does not draw itself again', () => {
    const state = reduce(initialAiChatState, conversationOpened(null));
    expect(state).toBe(initialAiChatState);
  });

  it('starts a new chat from an empty list after a conversation with messages', () => {
    const talked = reduce(initialAiChatState, conversationOpened(null), sent);
    expect(talked.messages).toHaveLength(2);
    const fresh = reduce(talked, conversationOpened(null));
    expect(fresh.messages).toEqual([]);
    expect(fresh.streaming).toBe(false);
    expect(fresh.conversationId).toBeNull();
  });
});

describe('history pages', () => {
  it('page 1 is the newest; older pages go on top without repeats', () => {
    let state = reduce(initialAiChatState, conversationOpened('c1'));
    state = reduce(
      state,
      historyLoaded({
        conversationId: 'c1',
        pageNo: 1,
        lastPage: 2,
        items: [
          historyItem({ id: 'u2', role: 'user' }),
          historyItem({ id: 'a2', role: 'assistant', messageId: 'u2', responseId: 'a2' }),
        ],
      }),
      historyLoaded({
        conversationId: 'c1',
        pageNo: 2,
        lastPage: 2,
        items: [
          historyItem({ id: 'u1', role: 'user' }),
          historyItem({ id: 'a1', role: 'assistant' }),
          historyItem({ id: 'u2', role: 'user' }),
        ],
      }),
    );
    expect(state.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(state.history).toMatchObject({ pageNo: 2, lastPage: 2, loading: false });
  });

  it('a refresh brings an answer still being written up to date, and keeps the older pages', () => {
    const older = [historyItem({ id: 'u1', role: 'user' }), historyItem({ id: 'a1', role: 'assistant' })];
    const question = historyItem({ id: 'u2', role: 'user' });
    const writing = historyItem({
      id: 'a2',
      role: 'assistant',
      messageId: 'u2',
      responseId: 'a2',
      status: 'STREAMING',
      content: 'Talk to',
    });
    let state = reduce(
      initialAiChatState,
      conversationOpened('c1'),
      historyLoaded({ conversationId: 'c1', pageNo: 1, lastPage: 2, items: [question, writing] }),
      historyLoaded({ conversationId: 'c1', pageNo: 2, lastPage: 2, items: older }),
      historyRefreshed({ conversationId: 'c1', items: [question, { ...writing, content: 'Talk to ten' }] }),
    );
    expect(state.messages.map((m) => [m.id, m.status, m.content])).toEqual([
      ['u1', 'COMPLETE', 'text u1'],
      ['a1', 'COMPLETE', 'text a1'],
      ['u2', 'COMPLETE', 'text u2'],
      ['a2', 'STREAMING', 'Talk to ten'],
    ]);
    expect(state.announcement).toBe('');

    const done = { ...writing, status: 'COMPLETE' as const, content: 'Talk to ten people.' };
    state = reduce(
      state,
      historyRefreshed({ conversationId: 'c1', items: [question, { ...done, followUpQuestions: ['Who?'] }] }),
    );
    expect(state.messages[3]).toMatchObject({
      id: 'a2',
      status: 'COMPLETE',
      content: 'Talk to ten people.',
      followUpQuestions: ['Who?'],
    });
    expect(state.messages).toHaveLength(4);
    expect(state.history.pageNo).toBe(2);
    expect(state.announcement).toBe('The coach has answered.');
  });

  it('ignores a page of a conversation that is no longer open', () => {
    const state = reduce(
      initialAiChatState,
      conversationOpened('c2'),
      historyLoaded({
        conversationId: 'c1',
        pageNo: 1,
        lastPage: 1,
        items: [historyItem({ id: 'x', role: 'user' })],
      }),
    );
    expect(state.messages).toEqual([]);
  });
});
