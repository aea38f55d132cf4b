import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { ApiExtra } from '../../../lib/api';

/** Dispatch that accepts this feature's thunks (they receive the HTTP client as the extra argument). */
export const useProgramsDispatch = useDispatch.withTypes<ThunkDispatch<unknown, ApiExtra, UnknownAction>>();
