import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { Expert } from '@liftoff/contracts/experts';

/**
 * Places where one feature shows another's UI without importing it (features never import each other):
 * a page renders the slot, src/app fills it. An unfilled slot renders nothing.
 */
export type ExpertSlotProps = { expert: Expert; missions?: Array<{ id: string; name: string }> };

/** The step a founder is working on, so a question asked from it carries the step to the expert. */
export type AskFromStepProps = {
  expert: Expert;
  missionId: string;
  missionName: string;
  stepId: string;
  stepTitle: string;
};

export type FeatureSlots = {
  /** Ask / book / profile / my requests for a milestone's expert. */
  expertActions?: (props: ExpertSlotProps) => ReactNode;
  /** "Ask your expert" on a mission's step: the question goes out with that mission and step. */
  askFromStep?: (props: AskFromStepProps) => ReactNode;
  /** Popular questions for the user's milestone (overview). */
  popularQuestions?: () => ReactNode;
  /** The founder's meetings coming up, inside the overview's "Your to-do". */
  upcomingMeetings?: () => ReactNode;
  /** The founder's startup and invitations to another one (profile). */
  startupSummary?: () => ReactNode;
  /** Which notifications also come by e-mail (profile). */
  notificationPreferences?: () => ReactNode;
  /** The app's safe Markdown rendering (sanitised), for text people write, like an expert's answer. */
  markdown?: (props: { source: string }) => ReactNode;
};

const FeatureSlotsContext = createContext<FeatureSlots>({});

export function FeatureSlotsProvider({ slots, children }: { slots: FeatureSlots; children: ReactNode }) {
  return <FeatureSlotsContext.Provider value={slots}>{children}</FeatureSlotsContext.Provider>;
}

export function ExpertActionsSlot(props: ExpertSlotProps) {
  const { expertActions } = useContext(FeatureSlotsContext);
  return expertActions ? <>{expertActions(props)}</> : null;
}

export function AskFromStepSlot(props: AskFromStepProps) {
  const { askFromStep } = useContext(FeatureSlotsContext);
  return askFromStep ? <>{askFromStep(props)}</> : null;
}

export function PopularQuestionsSlot() {
  const { popularQuestions } = useContext(FeatureSlotsContext);
  return popularQuestions ? <>{popularQuestions()}</> : null;
}

export function UpcomingMeetingsSlot() {
  const { upcomingMeetings } = useContext(FeatureSlotsContext);
  return upcomingMeetings ? <>{upcomingMeetings()}</> : null;
}

export function StartupSummarySlot() {
  const { startupSummary } = useContext(FeatureSlotsContext);
  return startupSummary ? <>{startupSummary()}</> : null;
}

export function NotificationPreferencesSlot() {
  const { notificationPreferences } = useContext(FeatureSlotsContext);
  return notificationPreferences ? <>{notificationPreferences()}</> : null;
}

/** Renders Markdown safely through the app's one renderer; plain text when the slot is empty. */
export function MarkdownSlot({ source }: { source: string }) {
  const { markdown } = useContext(FeatureSlotsContext);
  return markdown ? <>{markdown({ source })}</> : <span style={{ whiteSpace: 'pre-wrap' }}>{source}</span>;
}
