import { useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../../app/store';
import type { Step } from '@liftoff/contracts/programs';
import { errorStatus } from '../../../lib/api';
import { readDraft, writeDraft } from '../../../lib/drafts';
import { patchSavedAnswer, useSaveAnswerMutation } from '../api';
import type { AnswerConflict } from './answer-conflict-dialog';

type Detail = { path: string; message: string };
const detailsOf = (error: unknown): Detail[] => (error as { details?: Detail[] }).details ?? [];

/** The outcome of saving the changed fields: the first failure that was not a conflict, and how many conflicted. */
export type FieldSavesResult = { error?: unknown; conflicts: number };

/**
 * Saves a worksheet a field at a time, each from the version it was edited from (decision 063, "One worksheet,
 * several people"). A field a co-founder saved in between comes back as a conflict to choose on; the other
 * fields' saves go through regardless.
 */
export function useFieldSaves({
  step,
  missionId,
  saved,
  labelOf,
  nameOf,
  setAnswers,
}: {
  step: Step;
  missionId: string;
  saved: Record<string, string>;
  labelOf: (key: string) => string;
  nameOf: (userId: string) => string | null;
  setAnswers: (next: (current: Record<string, string>) => Record<string, string>) => void;
}) {
  const [save, saving] = useSaveAnswerMutation();
  const dispatch = useDispatch<AppDispatch>();
  // The versions the person's text was edited from: those shown when the step opened, then those of their own
  // saves and of the texts they took. A refetch in between must not move them, or a co-founder's save would be
  // overwritten silently; they are kept with the draft, so a draft sent after a reload or offline still names
  // the version it was typed over.
  const versionsKey = `worksheet.${step.id}.versions`;
  const [opened] = useState(() => {
    const kept = readDraft(`worksheet.${step.id}`) ? readDraft<Record<string, number>>(versionsKey) : null;
    const versions =
      kept ??
      Object.fromEntries(Object.entries(step.worksheet?.versions ?? {}).map(([k, v]) => [k, v.version]));
    writeDraft(versionsKey, versions);
    return versions;
  });
  const base = useRef<Record<string, number>>(opened);
  const setBase = (key: string, version: number) => {
    base.current = { ...base.current, [key]: version };
    writeDraft(versionsKey, base.current);
  };
  const [conflicts, setConflicts] = useState<AnswerConflict[]>([]);
  const [resolving, setResolving] = useState(false);

  const conflictOf = (key: string, yours: string, error: unknown): AnswerConflict | null => {
    if (errorStatus(error) !== 409) return null;
    const details = detailsOf(error);
    const get = (path: string) => details.find((d) => d.path === path)?.message;
    const version = Number(get('version'));
    if (!Number.isInteger(version)) return null;
    const by = get('savedBy');
    return {
      key,
      label: labelOf(key),
      by: by ? nameOf(by) : null,
      theirs: get('saved') ?? '',
      yours,
      version,
    };
  };

  /** One field's save; true when saved, else the conflict or the failure. */
  const saveOne = async (key: string, value: string, version: number) => {
    const result = await save({ stepId: step.id, missionId, key, value, version });
    if ('error' in result) return { conflict: conflictOf(key, value, result.error), error: result.error };
    setBase(key, result.data.worksheet?.versions?.[key]?.version ?? version + 1);
    return { conflict: null, error: undefined };
  };

  const saveChanged = async (answers: Record<string, string>): Promise<FieldSavesResult> => {
    const keys = [...new Set([...Object.keys(answers), ...Object.keys(saved)])].filter(
      (k) => (answers[k] ?? '') !== (saved[k] ?? ''),
    );
    const found: AnswerConflict[] = [];
    const failures: unknown[] = [];
    for (const key of keys) {
      const outcome = await saveOne(key, answers[key] ?? '', base.current[key] ?? 0);
      if (outcome.conflict) found.push(outcome.conflict);
      else if (outcome.error) failures.push(outcome.error);
    }
    setConflicts(found);
    // Several fields refused for what they hold: their details together, so each is said under its field.
    const fieldDetails = failures.flatMap(detailsOf).filter((d) => d.path.startsWith('answers.'));
    const error = fieldDetails.length ? { ...(failures[0] as object), details: fieldDetails } : failures[0];
    return { error, conflicts: found.length };
  };

  const next = () => setConflicts((current) => current.slice(1));

  /** Saves the person's text again from the current version; a newer save in between asks again. */
  const keepMine = async (conflict: AnswerConflict): Promise<FieldSavesResult> => {
    setResolving(true);
    const outcome = await saveOne(conflict.key, conflict.yours, conflict.version);
    setResolving(false);
    if (outcome.conflict) {
      const again = outcome.conflict;
      setConflicts((current) => [again, ...current.slice(1)]);
      return { conflicts: 1 };
    }
    next();
    return { error: outcome.error, conflicts: 0 };
  };

  /** Takes the co-founder's text into the field; it is the saved one, so nothing is sent. */
  const useTheirs = (conflict: AnswerConflict) => {
    setBase(conflict.key, conflict.version);
    dispatch(patchSavedAnswer(missionId, step.id, conflict.key, conflict.theirs, conflict.version));
    setAnswers((current) => ({ ...current, [conflict.key]: conflict.theirs }));
    next();
  };

  return {
    saveChanged,
    keepMine,
    useTheirs,
    /** Closing the dialog leaves the person's text in the field as an unsaved draft. */
    dismiss: () => setConflicts([]),
    conflict: conflicts[0] ?? null,
    saving: saving.isLoading,
    resolving,
    remaining: conflicts.length,
  };
}
