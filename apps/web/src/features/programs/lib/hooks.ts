import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { ApiExtra } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { showInfo } from '../../../lib/toast';

/** Dispatch that accepts this feature's thunks (they receive the HTTP client as the extra argument). */
export const useProgramsDispatch = useDispatch.withTypes<ThunkDispatch<unknown, ApiExtra, UnknownAction>>();

/** Copies a share link and says so; where copying is impossible the link is selected in `input`, or shown. */
export function useCopyLink() {
  const dispatch = useProgramsDispatch();
  return async (url: string, input?: HTMLInputElement | null) => {
    const copied = await copyText(url, input);
    const fallback = input ? 'Link selected: press Ctrl+C or ⌘C to copy it.' : `Copy this link: ${url}`;
    dispatch(showInfo(copied ? 'Link copied to your clipboard.' : fallback, 'link'));
  };
}
