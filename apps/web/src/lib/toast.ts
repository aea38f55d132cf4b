import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'error' | 'info' | 'success';
/** Spec section 2: the info kind has icon kinds mention, link and star. */
export type ToastIcon = 'mention' | 'link' | 'star';

export type Toast = { id: number; kind: ToastKind; message: string; icon?: ToastIcon };

export type ToastState = { current: Toast | null };

/** Spec section 9: auto-hide after 1500 ms; the info progress bar ticks every 100 ms, 30 ticks. */
export const TOAST_AUTO_HIDE_MS = 1500;
export const TOAST_PROGRESS_TICK_MS = 100;
export const TOAST_PROGRESS_TICKS = 30;

let nextId = 1;

const initialState: ToastState = { current: null };

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.current = action.payload;
      },
      prepare(toast: Omit<Toast, 'id'>) {
        return { payload: { ...toast, id: nextId++ } };
      },
    },
    toastClosed(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;

export const showError = (message: string) => toastShown({ kind: 'error', message });
export const showSuccess = (message: string) => toastShown({ kind: 'success', message });
export const showInfo = (message: string, icon?: ToastIcon) => toastShown({ kind: 'info', message, icon });

export const selectToast = (state: { toast: ToastState }) => state.toast.current;
