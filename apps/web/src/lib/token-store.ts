import { readPersistedTokens, writePersistedTokens } from './persisted-auth';
import type { KeyValueStorage, StoredTokens } from './persisted-auth';
import { createMemoryRotationLedger } from './rotation-ledger';
import type { RotatedPair, RotationLedger } from './rotation-ledger';

/** A pair just issued by the server: both tokens present. */
export type FreshTokens = RotatedPair;

/** What the HTTP client needs to know about the session; the app binds it to the Redux auth slice. */
export interface TokenStore {
  /** Tokens this tab currently uses. */
  read(): StoredTokens;
  /**
   * Stores freshly issued tokens in this tab and where other tabs read them: the rotation ledger (which the
   * next tab to take the refresh lock consults) and the shared persisted entry. `replaced` is the refresh token
   * they were rotated from.
   */
  write(tokens: FreshTokens, replaced?: string): Promise<void>;
  /** Tokens as persisted right now (possibly written by another tab). */
  readShared(): Promise<StoredTokens | null>;
  /** The newest pair another tab rotated `refreshToken` into, if one did (null when unknown). */
  successorOf(refreshToken: string): Promise<FreshTokens | null>;
  /** Takes over tokens another tab wrote, without writing anything. */
  adopt(tokens: StoredTokens): void;
  /** Resolves once persisted state has been restored. */
  whenReady(): Promise<void>;
  /** Called when a refresh is impossible or failed: reset auth and go to sign-in. */
  onRefreshFailed(reason: string): void;
}

export type TokenStoreOptions = {
  storage: KeyValueStorage;
  /** This browser's session key (lib/session-key), which seals the persisted entry. */
  sessionKey: Promise<CryptoKey>;
  /** Shared by the tabs of this browser (lib/rotation-ledger); one for this page alone when not given. */
  rotations?: RotationLedger;
  getTokens: () => StoredTokens;
  setTokens: (tokens: StoredTokens) => void;
  whenReady?: () => Promise<void>;
  onRefreshFailed?: (reason: string) => void;
};

export function createTokenStore(options: TokenStoreOptions): TokenStore {
  const rotations = options.rotations ?? createMemoryRotationLedger();
  return {
    read: options.getTokens,
    async write(tokens, replaced) {
      options.setTokens(tokens);
      // A ledger that cannot be written (storage full, IndexedDB refused) still leaves the persisted entry,
      // which other tabs read a moment later: the session goes on, as it did before there was a ledger.
      if (replaced) await rotations.record(replaced, tokens).catch(() => undefined);
      await writePersistedTokens(options.storage, await options.sessionKey, tokens);
    },
    readShared: async () => readPersistedTokens(options.storage, await options.sessionKey),
    successorOf: (refreshToken) => rotations.successorOf(refreshToken).catch(() => null),
    adopt: options.setTokens,
    whenReady: options.whenReady ?? (() => Promise.resolve()),
    onRefreshFailed: options.onRefreshFailed ?? (() => undefined),
  };
}
