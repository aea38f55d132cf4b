import { readPersistedTokens, writePersistedTokens } from './persisted-auth';
import type { KeyValueStorage, StoredTokens } from './persisted-auth';

export type FreshTokens = { token: string; refreshToken: string };

/** What the HTTP client needs to know about the session; the app binds it to the Redux auth slice. */
export interface TokenStore {
  /** Tokens this tab currently uses. */
  read(): StoredTokens;
  /** Stores freshly issued tokens in this tab and in the shared persisted entry (other tabs read it). */
  write(tokens: FreshTokens): Promise<void>;
  /** Tokens as persisted right now (possibly written by another tab). */
  readShared(): Promise<StoredTokens | null>;
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
  getTokens: () => StoredTokens;
  setTokens: (tokens: StoredTokens) => void;
  whenReady?: () => Promise<void>;
  onRefreshFailed?: (reason: string) => void;
};

export function createTokenStore(options: TokenStoreOptions): TokenStore {
  return {
    read: options.getTokens,
    async write(tokens) {
      options.setTokens(tokens);
      await writePersistedTokens(options.storage, await options.sessionKey, tokens);
    },
    readShared: async () => readPersistedTokens(options.storage, await options.sessionKey),
    adopt: options.setTokens,
    whenReady: options.whenReady ?? (() => Promise.resolve()),
    onRefreshFailed: options.onRefreshFailed ?? (() => undefined),
  };
}
