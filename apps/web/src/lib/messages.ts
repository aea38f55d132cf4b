import { aiMessages } from '@liftoff/contracts/ai';
import { authMessages, backupCodeMessages, sessionMessages } from '@liftoff/contracts/auth';
import { accountDataMessages } from '@liftoff/contracts/auth-account';
import { cohortsMessages } from '@liftoff/contracts/cohorts';
import { expertMessages } from '@liftoff/contracts/experts';
import { availabilityMessages } from '@liftoff/contracts/experts-availability';
import { profileMessages } from '@liftoff/contracts/experts-profile';
import { meetingsMessages } from '@liftoff/contracts/expert-meetings';
import { programsMessages } from '@liftoff/contracts/programs';
import { reviewMessages } from '@liftoff/contracts/programs-review';
import { startupsMessages } from '@liftoff/contracts/startups';

/**
 * The API keeps the specification's message strings ("User sign up successfully."), which clients may
 * match on; a founder reads these instead. Keyed by the contract's constants, so a changed API string
 * shows up here as a type-checked edit rather than silently falling through.
 */
const wording: Record<string, string> = {
  [authMessages.signup]: 'Your account was created.',
  [authMessages.login]: 'You are signed in.',
  [authMessages.sendResetLink]: 'If that address has an account, a reset link is on its way.',
  [authMessages.resetPassword]: 'Your password was reset. Sign in with the new one.',
  [authMessages.changePassword]: 'Your password was changed.',
  [authMessages.verifyEmail]: 'Your e-mail address is verified.',
  [authMessages.resendEmailVerification]: 'A new code is on its way to your inbox.',
  [authMessages.logout]: 'You are signed out.',
  // The same string answers a saved worksheet (programsMessages.saved).
  [authMessages.updateUser]: 'Your changes were saved.',
  [authMessages.updateMeta]: 'Your changes were saved.',
  [authMessages.setupTwoFactor]: 'Two-step verification is ready to confirm.',
  [authMessages.verifyTwoFactor]: 'You are signed in.',
  [authMessages.verifyBackupCode]: 'You are signed in with a backup code.',
  [authMessages.disableTwoFactor]: 'Two-step verification is turned off.',
  [authMessages.resendTwoFactorCode]: 'A new code is on its way.',
  [authMessages.generateTwoFactorEmailCode]: 'A code is on its way to your inbox.',
  [sessionMessages.signOut]: 'That session is signed out.',
  [sessionMessages.signOutOthers]: 'You are signed out everywhere else.',
  [accountDataMessages.emailChangeRequested]: 'A confirmation link is on its way to the new address.',
  [accountDataMessages.emailChanged]: 'Your e-mail address was changed.',
  [accountDataMessages.accountDeleted]: 'Your account was deleted.',
  [backupCodeMessages.regenerated]: 'Your new backup codes are ready. The old ones no longer work.',
  [aiMessages.sessionCreated]: 'Conversation started.',
  [aiMessages.sessionUpdated]: 'Conversation updated.',
  [aiMessages.sessionDeleted]: 'Conversation deleted.',
  [aiMessages.sessionArchived]: 'Conversation archived.',
  [aiMessages.sessionRestored]: 'Conversation restored.',
  [aiMessages.sessionsArchived]: 'Conversations archived.',
  [aiMessages.sessionsDeleted]: 'Conversations deleted.',
  [aiMessages.feedback]: 'Thanks for the feedback.',
  [programsMessages.uploaded]: 'Your file was handed in.',
  [programsMessages.deleted]: 'The file was removed.',
  [programsMessages.shareCreated]: 'Share link created.',
  [programsMessages.shareRevoked]: 'Share link revoked: it no longer opens.',
  [reviewMessages.moved]: 'Review status updated.',
  [reviewMessages.commented]: 'Comment added.',
  [cohortsMessages.created]: 'Cohort created.',
  [cohortsMessages.updated]: 'Cohort updated.',
  [cohortsMessages.deleted]: 'Cohort deleted.',
  [expertMessages.requestMeeting]: 'Your meeting request was sent.',
  [expertMessages.cancelMeeting]: 'Your meeting request was cancelled.',
  [expertMessages.askQuestion]: 'Your question was sent.',
  [availabilityMessages.save]: 'Your availability was saved.',
  [profileMessages.save]: 'Your profile was saved.',
  [meetingsMessages.answer]: 'Your answer was sent with the updated invite.',
  [meetingsMessages.propose]: 'Your proposal was sent to the founder.',
  [meetingsMessages.cancel]: 'The meeting was cancelled.',
  [meetingsMessages.notes]: 'Your notes were shared with the founder.',
  [meetingsMessages.proposal]: 'Your answer was sent to the expert.',
  [meetingsMessages.feedCreated]: 'A new calendar feed address was made.',
  [meetingsMessages.feedRevoked]: 'The calendar feed is turned off.',
  [startupsMessages.created]: 'Your startup was created.',
  [startupsMessages.updated]: "Your startup's details were saved.",
  [startupsMessages.joined]: 'You joined the startup.',
  [startupsMessages.ownerChanged]: 'Ownership was handed on.',
};

/** The web app's own English for a message the API sent; messages without an entry read well as they are. */
export function webMessage(serverMessage: string): string {
  return wording[serverMessage] ?? serverMessage;
}
