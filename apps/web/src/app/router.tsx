import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { AuthLayout, WideAuthLayout } from '../components/layouts/auth-layout';
import { ScreenLoadFailed } from '../components/screen-load-failed';
import { StartupScreen } from './startup-screen';
import { paths } from '../config/paths';
import {
  loadAiWorkspacePage,
  loadAppShell,
  loadArchiveChatsPage,
  loadMissionDetailsPage,
  loadOverviewPage,
  loadValidationMessages,
} from './landing-screens';
import { RouteGuard } from './route-guard';
import type { RouteKind } from './guard';
import { Root } from './root';
import { UnknownRoute } from './unknown-route';

type Lazy = NonNullable<RouteObject['lazy']>;
type ComponentModule = Record<string, unknown>;

/**
 * A lazily loaded screen: the module is fetched the first time its route matches. When the fetch fails
 * (offline), the route shows ScreenLoadFailed in the screen's place — inside the shell, which keeps the
 * navigation — instead of failing the whole app; it loads the screen once it can.
 */
function screen<M extends ComponentModule>(
  load: () => Promise<M>,
  name: keyof M & string,
  { zod = true }: { zod?: boolean } = {},
): Lazy {
  const component = async () => {
    const [module] = await Promise.all([load(), zod ? validationMessages() : undefined]);
    return module[name] as React.ComponentType;
  };
  return async () => {
    try {
      return { Component: await component() };
    } catch {
      return { Component: () => <ScreenLoadFailed load={component} /> };
    }
  };
}

/*
 * zod's field messages in the app's wording, installed before a screen that validates with zod first renders.
 * Not at start: zod is not first-load code. The sign-in screen does without it until its form is sent, and
 * installs the messages itself then (features/auth/pages/sign-in-validation.ts).
 */
let messagesInstalled: Promise<void> | undefined;
function validationMessages(): Promise<void> {
  messagesInstalled ??= loadValidationMessages().then(
    ({ installValidationMessages }) => installValidationMessages(),
    (error: unknown) => {
      // Offline: the next screen tries again.
      messagesInstalled = undefined;
      throw error;
    },
  );
  return messagesInstalled;
}

function guarded(kind: RouteKind, children: RouteObject[]): RouteObject {
  return { element: <RouteGuard kind={kind} />, children };
}

const appShell = screen(loadAppShell, 'AppShell');
const previewLayout = screen(() => import('../components/layouts/preview-layout'), 'PreviewLayout');

/** The route table of spec section 2. `extraChildren` lets tests mount extra screens under the same root. */
export function buildRoutes(extraChildren: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <Root />,
      errorElement: <ErrorScreen />,
      hydrateFallbackElement: <StartupScreen />,
      children: [
        { index: true, element: <Navigate to={paths.overview} replace /> },

        // Public
        guarded('signIn', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.signIn,
                lazy: screen(() => import('../features/auth/pages/sign-in-page'), 'SignInPage', {
                  zod: false,
                }),
              },
              {
                path: paths.signInProvider,
                lazy: screen(
                  () => import('../features/auth/pages/provider-return-page'),
                  'ProviderReturnPage',
                ),
              },
            ],
          },
        ]),
        guarded('signUp', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.signUp,
                lazy: screen(() => import('../features/auth/pages/sign-up-page'), 'SignUpPage'),
              },
            ],
          },
        ]),
        guarded('forgotPassword', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.forgotPassword,
                lazy: screen(
                  () => import('../features/auth/pages/forgot-password-page'),
                  'ForgotPasswordPage',
                ),
              },
            ],
          },
        ]),
        guarded('resetPassword', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.resetPassword,
                lazy: screen(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage'),
              },
            ],
          },
        ]),
        guarded('confirmEmail', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.confirmEmail,
                lazy: screen(() => import('../features/auth/pages/confirm-email-page'), 'ConfirmEmailPage'),
              },
            ],
          },
        ]),
        guarded('preview', [
          {
            lazy: previewLayout,
            children: [
              {
                path: `${paths.preview}/:token?`,
                lazy: screen(() => import('../features/programs/pages/preview-page'), 'PreviewPage'),
              },
            ],
          },
        ]),

        // Protected: the steps before the app
        guarded('verifyEmail', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.verifyEmail,
                lazy: screen(() => import('../features/auth/pages/verify-email-page'), 'VerifyEmailPage'),
              },
            ],
          },
        ]),
        guarded('twoFactor', [
          {
            element: <AuthLayout />,
            children: [
              {
                path: paths.twoFactor,
                lazy: screen(() => import('../features/auth/pages/two-factor-page'), 'TwoFactorPage'),
              },
            ],
          },
        ]),
        guarded('onboarding', [
          {
            element: <WideAuthLayout />,
            children: [
              {
                path: paths.onboarding,
                lazy: screen(() => import('../features/auth/pages/onboarding-page'), 'OnboardingPage'),
              },
            ],
          },
        ]),

        // Protected: the app
        guarded('protected', [
          {
            element: <WideAuthLayout />,
            children: [
              {
                path: paths.tutorial,
                lazy: screen(() => import('../features/support/pages/tutorial-page'), 'TutorialPage'),
              },
            ],
          },
          {
            lazy: appShell,
            children: [
              {
                path: paths.overview,
                lazy: screen(loadOverviewPage, 'OverviewPage'),
              },
              {
                path: paths.programs,
                lazy: screen(() => import('../features/programs/pages/programs-page'), 'ProgramsPage'),
              },
              {
                path: paths.explorePost,
                lazy: screen(() => import('../features/explore/pages/explore-post-page'), 'ExplorePostPage'),
              },
              {
                path: paths.explore,
                lazy: screen(() => import('../features/explore/pages/explore-page'), 'ExplorePage'),
              },
              {
                path: paths.missionDetails,
                lazy: screen(loadMissionDetailsPage, 'MissionDetailsPage'),
              },
              {
                path: paths.milestoneOutcome,
                lazy: screen(
                  () => import('../features/programs/pages/milestone-outcome-page'),
                  'MilestoneOutcomePage',
                ),
              },
              {
                path: paths.missionDeliverable,
                lazy: screen(
                  () => import('../features/programs/pages/mission-deliverable-page'),
                  'MissionDeliverablePage',
                ),
              },
              {
                path: paths.outcomesRepository,
                lazy: screen(
                  () => import('../features/programs/pages/outcomes-repository-page'),
                  'OutcomesRepositoryPage',
                ),
              },
              {
                path: paths.experts,
                lazy: screen(() => import('../features/experts/pages/experts-page'), 'ExpertsPage'),
              },
              {
                path: paths.myQuestions,
                lazy: screen(() => import('../features/experts/pages/my-questions-page'), 'MyQuestionsPage'),
              },
              {
                path: paths.startup,
                lazy: screen(() => import('../features/startups/pages/startup-page'), 'StartupPage'),
              },
              {
                path: paths.myMessages,
                lazy: screen(() => import('../features/support/pages/my-messages-page'), 'MyMessagesPage'),
              },
            ],
          },
        ]),
        // The account's own pages: open to experts and the program team before any founder onboarding.
        guarded('account', [
          {
            lazy: appShell,
            children: [
              {
                path: paths.profile,
                lazy: screen(() => import('../features/auth/pages/profile-page'), 'ProfilePage'),
              },
              {
                path: paths.notifications,
                lazy: screen(
                  () => import('../features/notifications/pages/notifications-page'),
                  'NotificationsPage',
                ),
              },
            ],
          },
        ]),
        guarded('workplace', [
          // The expert portal: its own layout and route table (app/expert/routes.tsx), all lazy.
          { path: `${paths.expert}/*`, lazy: screen(() => import('./expert/expert-app'), 'ExpertApp') },
          // The program team's studio: its own layout and route table (app/studio/routes.tsx), all lazy.
          { path: `${paths.studio}/*`, lazy: screen(() => import('./studio/studio-app'), 'StudioApp') },
        ]),
        guarded('aiWorkspace', [
          {
            lazy: appShell,
            children: [
              {
                path: paths.aiWorkspace,
                lazy: screen(loadAiWorkspacePage, 'AiWorkspacePage'),
              },
              {
                path: paths.archiveChats,
                lazy: screen(loadArchiveChatsPage, 'ArchiveChatsPage'),
              },
              {
                path: paths.aiWorkspaceConversation,
                lazy: screen(loadAiWorkspacePage, 'AiWorkspacePage'),
              },
            ],
          },
        ]),

        ...extraChildren,
        { path: '*', element: <UnknownRoute /> },
      ],
    },
  ];
}
