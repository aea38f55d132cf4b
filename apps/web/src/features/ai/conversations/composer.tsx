import { useDraft } from '../../../lib/drafts';
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import type { KeyboardEvent, RefObject } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Capabilities } from '@liftoff/contracts/ai';
import { CHAT_INPUT_MAX_CHARACTERS } from '@liftoff/contracts/ai-limits';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEventCallback } from '@mui/material/utils';
import CloseIcon from '@mui/icons-material/Close';
import RefreshIcon from '@mui/icons-material/Refresh';
import StopCircleIcon from '@mui/icons-material/StopCircleOutlined';
import StopIcon from '@mui/icons-material/Stop';
import { SendHorizontal } from 'lucide-react';
import { iconPaths } from '../../../components/icon-paths';
import { Button as KitButton } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { PlainIcon } from '../../../components/plain-icon';
import { PlainTextArea } from '../../../components/plain-text-area';
import { visuallyHidden } from '../../../components/product-mark';
import type { ApiExtra } from '../../../lib/api';
import { SpeechError, transcribe } from '../api';
import {
  browserRecognition,
  canRecord,
  extensionOf,
  MAX_RECORDING_SECONDS,
  useBrowserRecognition,
  useRecorder,
} from '../speech/use-recorder';
import '../../../components/plain.css';
import './composer.css';

type Dispatch = ThunkDispatch<unknown, ApiExtra, UnknownAction>;

export type ComposerHandle = { focus: () => void; setText: (text: string) => void; text: () => string };

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The question box: Enter sends, Shift+Enter breaks the line; Stop while an answer streams; the
 * microphone records and puts the transcript here to review (never sends by itself).
 */
export const Composer = forwardRef<
  ComposerHandle,
  {
    streaming: boolean;
    aborting: boolean;
    capabilities: Capabilities | undefined;
    onSend: (text: string) => boolean | void;
    onStop: () => void;
    /** On a phone: a short placeholder and an icon-only Send, so the box keeps the width and one line. */
    compact?: boolean;
  }
>(function Composer({ streaming, aborting, capabilities, onSend, onStop, compact = false }, ref) {
  const dispatch = useDispatch<Dispatch>();
  // Kept as a draft on this device: a reload or a lost connection never loses a question being typed.
  const [text, setText] = useDraft('coach.composer', '');
  const [transcribing, setTranscribing] = useState(false);
  const [voiceError, setVoiceError] = useState<string | null>(null);
  const [voiceNote, setVoiceNote] = useState<string | null>(null);
  const [serverSttOff, setServerSttOff] = useState(false);
  /** A recording the server could not transcribe: kept, so it can be sent again without speaking again. */
  const [unsent, setUnsent] = useState<{ recording: Blob; error: string } | null>(null);
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const hintId = useId();
  const recorder = useRecorder();

  const insertTranscript = useCallback(
    (transcript: string) => {
      setText((current) => (current.trim() ? `${current.trimEnd()} ${transcript}` : transcript));
      setVoiceNote('Transcript added — check it, then send.');
      requestAnimationFrame(() => inputRef.current?.focus());
    },
    [setText],
  );
  const browser = useBrowserRecognition(insertTranscript);

  useImperativeHandle(ref, () => ({
    focus: () => inputRef.current?.focus(),
    setText: (value: string) => {
      setText(value);
      requestAnimationFrame(() => inputRef.current?.focus());
    },
    text: () => text,
  }));

  // Which microphone works: the API's transcription, else the browser's own recognition, else none.
  const serverStt = Boolean(capabilities?.stt.engine) && !serverSttOff && canRecord();
  const browserStt = Boolean(browserRecognition());
  const micMode: 'server' | 'browser' | null = capabilities
    ? serverStt
      ? 'server'
      : browserStt
        ? 'browser'
        : null
    : null;

  const submit = () => {
    if (streaming || !text.trim()) return;
    if (onSend(text) !== false) {
      setText('');
      setVoiceNote(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  // The question box gets one handler for its whole life, which calls the latest: it re-renders only for what
  // it shows (QuestionBox below).
  const stableKeyDown = useEventCallback(onKeyDown);

  const transcribeRecording = useCallback(
    async (blob: Blob) => {
      setTranscribing(true);
      try {
        const result = await dispatch(transcribe(blob, `question.${extensionOf(blob.type)}`));
        if (result.text.trim()) insertTranscript(result.text.trim());
        else setVoiceError('No speech was heard. Please try again, closer to the microphone.');
        if (result.basic) setVoiceNote('Transcript added (basic recognition) — check it, then send.');
      } catch (error) {
        if (error instanceof SpeechError && error.status === 501) {
          // No transcription engine on the server: use the browser's own recognition, or hide the mic.
          setServerSttOff(true);
          setVoiceError(
            browserStt
              ? 'Voice input on the server is off; your browser’s speech recognition is used instead. Press the microphone again.'
              : (error.serverMessage ?? error.message),
          );
        } else {
          setUnsent({
            recording: blob,
            error: error instanceof Error ? error.message : 'The recording could not be transcribed.',
          });
        }
      } finally {
        setTranscribing(false);
      }
    },
    [browserStt, dispatch, insertTranscript],
  );

  const stopRecording = useCallback(async () => {
    const blob = await recorder.stop();
    if (blob && blob.size > 0) await transcribeRecording(blob);
  }, [recorder, transcribeRecording]);

  useEffect(() => {
    if (recorder.state === 'recording' && recorder.elapsed >= MAX_RECORDING_SECONDS) void stopRecording();
  }, [recorder.elapsed, recorder.state, stopRecording]);

  const recording = recorder.state !== 'idle';
  const micError = voiceError ?? recorder.error ?? browser.error;

  return (
    <form aria-label="Ask the coach" onSubmit={(event) => (event.preventDefault(), submit())}>
      {micError ? (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          onClose={() => {
            setVoiceError(null);
            recorder.clearError();
            browser.clearError();
          }}
        >
          {micError}
        </Alert>
      ) : null}
      {unsent && !transcribing ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          <AlertTitle>Your recording could not be transcribed</AlertTitle>
          {unsent.error}
          <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<RefreshIcon />}
              onClick={() => {
                setUnsent(null);
                void transcribeRecording(unsent.recording);
              }}
            >
              Try again
            </Button>
            <Button size="small" color="inherit" onClick={() => setUnsent(null)}>
              Discard recording
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {recording ? (
        <Stack
          direction="row"
          spacing={2}
          role="group"
          aria-label="Recording"
          sx={{ alignItems: 'center', p: 1.5, mb: 1, borderRadius: 3, border: 1, borderColor: 'error.main' }}
        >
          <Box
            component="span"
            aria-hidden="true"
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main' }}
          />
          <Typography
            variant="body2"
            sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 40 }}
            role="timer"
            aria-label={`Recording for ${recorder.elapsed} seconds`}
          >
            {clock(recorder.elapsed)}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(recorder.level * 100)}
            aria-label="Microphone level"
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Button size="small" onClick={recorder.cancel} startIcon={<CloseIcon />}>
            Cancel
          </Button>
          <Button
            size="small"
            variant="contained"
            onClick={() => void stopRecording()}
            startIcon={<StopIcon />}
          >
            Done
          </Button>
        </Stack>
      ) : null}
      {browser.listening ? (
        <Stack
          direction="row"
          spacing={2}
          role="status"
          sx={{ alignItems: 'center', p: 1.5, mb: 1, borderRadius: 3, border: 1, borderColor: 'error.main' }}
        >
          <Typography variant="body2" sx={{ flex: 1 }}>
            Listening… speak your question.
          </Typography>
          <Button size="small" onClick={browser.cancel} startIcon={<CloseIcon />}>
            Cancel
          </Button>
          <Button size="small" variant="contained" onClick={browser.stop}>
            Done
          </Button>
        </Stack>
      ) : null}
      <div className="composer__row">
        <QuestionBox
          inputRef={inputRef}
          text={text}
          onText={setText}
          onKeyDown={stableKeyDown}
          compact={compact}
          disabled={transcribing}
          hintId={hintId}
        />
        {micMode && !recording && !browser.listening ? (
          <Tooltip title="Speak your question">
            <span>
              <button
                type="button"
                aria-label={transcribing ? 'Transcribing your recording' : 'Speak your question'}
                onClick={() => {
                  setVoiceError(null);
                  setVoiceNote(null);
                  // A new recording takes the place of one that could not be transcribed.
                  setUnsent(null);
                  if (micMode === 'server') void recorder.start(capabilities?.stt.formats ?? []);
                  else browser.start();
                }}
                disabled={transcribing || streaming}
                // No taller than a phone's small text box: the row keeps its height when the mic appears, and
                // the conversation above does not shift.
                className={
                  compact
                    ? 'plain-button plain-icon-button'
                    : 'plain-button plain-icon-button composer__mic--raised'
                }
              >
                <PlainIcon d={iconPaths.mic} />
              </button>
            </span>
          </Tooltip>
        ) : null}
        {streaming ? (
          <Button
            variant="outlined"
            color="error"
            onClick={onStop}
            disabled={aborting}
            startIcon={<StopCircleIcon />}
            sx={{ flexShrink: 0 }}
          >
            {aborting ? 'Stopping…' : 'Stop'}
          </Button>
        ) : compact ? (
          <IconButton
            type="submit"
            variant="primary"
            size="large"
            label="Send"
            icon={<SendHorizontal />}
            disabled={!text.trim() || transcribing}
            className="composer__send"
          />
        ) : (
          <KitButton
            type="submit"
            endIcon={<SendHorizontal />}
            disabled={!text.trim() || transcribing}
            className="composer__send"
          >
            Send
          </KitButton>
        )}
      </div>
      {/* A phone's keyboard has no Shift+Enter: there the hint is for screen readers only, unless it says
          something is happening. */}
      <span
        id={hintId}
        className="plain-caption plain-secondary composer__hint"
        style={compact && !transcribing && !voiceNote ? visuallyHidden : undefined}
      >
        {transcribing
          ? 'Transcribing your recording…'
          : (voiceNote ?? 'Enter sends · Shift+Enter starts a new line')}
      </span>
    </form>
  );
});

/**
 * The box the question is typed in. Apart, and memoised, because where the browser cannot size it from CSS an
 * autosizing box measures the page's layout every time it renders (components/growing-text.ts): re-rendered for
 * the coach's capabilities arriving (the mic) or an answer streaming, it forced a layout of the whole page each
 * time.
 */
const QuestionBox = memo(function QuestionBox({
  inputRef,
  text,
  onText,
  onKeyDown,
  compact,
  disabled,
  hintId,
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onText: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  compact: boolean;
  disabled: boolean;
  hintId: string;
}) {
  return (
    <PlainTextArea
      inputRef={inputRef}
      label="Ask the coach"
      // An empty box is as big as its placeholder: the long one took three lines of a phone's screen.
      placeholder={compact ? 'Type your question' : 'Ask about your program, your mission or your startup'}
      value={text}
      onValueChange={onText}
      onKeyDown={onKeyDown}
      size={compact ? 'small' : 'medium'}
      // On a phone the box grows to five lines, not eight: the answer above it stays in view.
      maxRows={compact ? 5 : 8}
      disabled={disabled}
      maxLength={CHAT_INPUT_MAX_CHARACTERS}
      aria-describedby={hintId}
    />
  );
});
