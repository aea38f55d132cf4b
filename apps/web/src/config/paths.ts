/** Every route path of the product (spec section 2). Screens and links use these, never literals. */
export const paths = {
  signIn: '/sign-in',
  /** Where an OpenID provider's sign-in returns to (the hand-off is in the fragment). */
  signInProvider: '/sign-in/provider',
  signUp: '/sign-up',
  onboarding: '/onboarding',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Opened from the link mailed to a new address; open to anyone, signed in or not. */
  confirmEmail: '/confirm-email',
  overview: '/overview',
  programs: '/programs',
  explore: '/explore/:page?',
  explorePost: '/explore/post/:slug',
  tutorial: '/tutorial',
  missionDetails: '/mission-details/:missionId/:stepId?',
  milestoneOutcome: '/milestone-outcome/:programId/:milestoneId/:missionId',
  missionDeliverable: '/mission-deliverable/:missionId',
  outcomesRepository: '/outcomes-repository',
  preview: '/preview',
  profile: '/profile',
  /** The founder's startup: the company, its members and invitations. */
  startup: '/startup',
  notifications: '/notifications',
  twoFactor: '/two-factor',
  verifyEmail: '/verify-email',
  aiWorkspace: '/ai-workspace',
  aiWorkspaceConversation: '/ai-workspace/:conversationId',
  archiveChats: '/ai-workspace/archive',
  /** The program team's studio; its own pages are in app/studio/routes.tsx, relative to it. */
  /** Every expert, to ask or book from. */
  experts: '/experts',
  /** The founder's questions to experts, with answers and threads. */
  myQuestions: '/my-questions/:questionId?',
  /** The founder's support messages and the team's replies. */
  myMessages: '/my-messages',
  /** The expert portal; its own pages are in app/expert/routes.tsx, relative to it. */
  expert: '/expert',
  studio: '/studio',
  studioPeople: '/studio/people',
  studioCohorts: '/studio/cohorts',
  studioAudit: '/studio/audit',
  studioReviews: '/studio/reviews',
  studioNotifications: '/studio/notifications',
  studioReview: '/studio/reviews/:deliverableId',
} as const;

export type PathKey = keyof typeof paths;

const segment = (value: string | number) => encodeURIComponent(String(value));

/** Builders for the paths that take parameters. */
export const buildPath = {
  explore: (page?: number) => (page && page > 1 ? `/explore/${page}` : '/explore'),
  explorePost: (slug: string) => `/explore/post/${segment(slug)}`,
  missionDetails: (missionId: string, stepId?: string) =>
    stepId
      ? `/mission-details/${segment(missionId)}/${segment(stepId)}`
      : `/mission-details/${segment(missionId)}`,
  milestoneOutcome: (programId: string, milestoneId: string, missionId: string) =>
    `/milestone-outcome/${segment(programId)}/${segment(milestoneId)}/${segment(missionId)}`,
  missionDeliverable: (missionId: string) => `/mission-deliverable/${segment(missionId)}`,
  aiWorkspaceConversation: (conversationId: string) => `/ai-workspace/${segment(conversationId)}`,
  /** A new chat about one of the founder's steps, offering `ask` as the first question. */
  aiWorkspaceAboutStep: (stepId: string, stepTitle: string, ask: string) =>
    `/ai-workspace?${new URLSearchParams({ step: stepId, stepTitle, ask }).toString()}`,
  resetPassword: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  myQuestions: (questionId?: string) =>
    questionId ? `/my-questions/${segment(questionId)}` : '/my-questions',
  expertQuestion: (questionId: string) => `/expert/questions/${segment(questionId)}`,
  studioReview: (deliverableId: string) => `/studio/reviews/${segment(deliverableId)}`,
};
