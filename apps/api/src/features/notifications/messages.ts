import type { AppEvent } from '@liftoff/contracts/events';
import type { NotificationIcon, NotificationKind } from '@liftoff/contracts/notifications';

/** A person, as a notification names them. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface Message {
  userId: string;
  kind: NotificationKind;
  icon: NotificationIcon;
  title: string;
  body: string;
  link: string;
  /** Set when the publishing room already mailed the person the whole of it (a support reply): no second mail. */
  mailedByPublisher?: true;
  /** What the mail quotes (a reviewer's comment), as written; the mail template escapes it. */
  quote?: { by: string; text: string };
}

/** Who reads a founder's hand-in: managers of the founder's cohort (the cohorts room, through app.ts). */
export type TeamOf = (founderId: string) => Promise<string[]>;

/**
 * Whose work it is: the current members of the startup named, or else of the founder's startup, or the founder
 * alone when in none (the startups room, through app.ts). The program is the startup's (decision 063).
 */
export type MembersOf = (whose: { startupId?: string; founderId: string }) => Promise<string[]>;

/** Every member but the person who acted: nobody is told of their own act. */
const othersThan = (members: string[], actorId: string) => members.filter((id) => id !== actorId);

const nameOf = (person: Recipient | null, fallback: string) =>
  [person?.firstName, person?.lastName].filter(Boolean).join(' ') || person?.email || fallback;

const missionDeliverable = (missionId: string) => `/mission-deliverable/${encodeURIComponent(missionId)}`;

/**
 * Who hears of an event and in what words: one entry per person for each thing that happened, naming
 * who acted and on what. What happens to the startup's work (a review, a comment, a reopened mission) tells
 * every current member but the one who acted; personal things (a meeting, an answer) tell one person.
 * Answers nothing for an event that tells nobody (a lone founder commenting on their own deliverable, a
 * deliverable taken into review: the founders hear of the outcome, not of the reading).
 */
export async function messagesFor(
  event: AppEvent,
  findPerson: (id: string) => Promise<Recipient | null>,
  teamOf: TeamOf,
  membersOf: MembersOf,
): Promise<Message[]> {
  switch (event.type) {
    case 'deliverable.reviewed': {
      if (event.status !== 'approved' && event.status !== 'changes_requested') return [];
      const base = { kind: event.type, link: missionDeliverable(event.missionId) };
      const what = `'${event.deliverableTitle}'`;
      const quote = event.comment ? { quote: { by: event.reviewerName, text: event.comment } } : {};
      const words =
        event.status === 'approved'
          ? {
              icon: 'star' as const,
              title: `${event.reviewerName} approved ${what}`,
              body: event.comment ?? 'Well done: the program team approved what you handed in.',
            }
          : {
              icon: 'mention' as const,
              title: `${event.reviewerName} requested changes on ${what}`,
              body: event.comment ?? 'Read what your reviewer asks for and upload a new version.',
            };
      const members = await membersOf({ startupId: event.startupId, founderId: event.founderId });
      return members.map((userId) => ({ ...base, userId, ...words, ...quote }));
    }
    case 'deliverable.submitted': {
      const recipients = event.reviewerId ? [event.reviewerId] : await teamOf(event.founderId);
      const what = `'${event.deliverableTitle}'`;
      return recipients.map((userId) => ({
        userId,
        kind: event.type,
        icon: 'link',
        title:
          event.version === 1
            ? `${event.founderName} handed in ${what}`
            : `${event.founderName} uploaded version ${event.version} of ${what}`,
        body: 'It waits for your review.',
        link: `/studio/reviews/${encodeURIComponent(event.deliverableId)}`,
      }));
    }
    case 'deliverable.commented': {
      const members = await membersOf({ startupId: event.startupId, founderId: event.founderId });
      return othersThan(members, event.authorId).map((userId) => ({
        userId,
        kind: event.type,
        icon: 'mention',
        title: `${event.authorName} commented on '${event.deliverableTitle}'`,
        body: event.body,
        link: missionDeliverable(event.missionId),
        quote: { by: event.authorName, text: event.body },
      }));
    }
    case 'invitation.accepted': {
      const founder = await findPerson(event.founderId);
      return [
        {
          userId: event.invitedById,
          kind: event.type,
          icon: 'star',
          title: `${nameOf(founder, 'A founder')} joined your cohort`,
          body: 'They accepted your invitation and can start the program.',
          link: `/studio/cohorts/${encodeURIComponent(event.cohortId)}`,
        },
      ];
    }
    case 'mission.reopened': {
      const members = await membersOf({ founderId: event.founderId });
      return othersThan(members, event.reopenedById).map((userId) => ({
        userId,
        kind: event.type,
        icon: 'link',
        title: 'A mission was reopened for you',
        body: 'You can finish it now; everything you did before is kept.',
        link: `/mission-details/${encodeURIComponent(event.missionId)}`,
      }));
    }
    case 'question.answered':
      return [
        {
          userId: event.founderId,
          kind: event.type,
          icon: 'mention',
          title: `${event.expertName} answered your question`,
          body: `About "${event.subject}". Read the answer and reply or close the question.`,
          link: `/my-questions/${encodeURIComponent(event.questionId)}`,
        },
      ];
    case 'question.replied':
      return [
        {
          userId: event.expertUserId,
          kind: event.type,
          icon: 'mention',
          title: `${event.founderName} replied to your answer`,
          body: `About "${event.subject}". Open the question to continue.`,
          link: `/expert/questions/${encodeURIComponent(event.questionId)}`,
        },
      ];
    case 'question.asked':
      return [
        {
          userId: event.expertUserId,
          kind: event.type,
          icon: 'mention',
          title: `${event.founderName} asked you a question`,
          body: `About "${event.subject}". Answer it in your inbox.`,
          link: `/expert/questions/${encodeURIComponent(event.questionId)}`,
          // The experts room mails the question itself, with its context.
          mailedByPublisher: true,
        },
      ];
    case 'meeting.requested':
      return [
        {
          userId: event.expertUserId,
          kind: event.type,
          icon: 'link',
          title: `${event.founderName} requested a meeting`,
          body: `${event.serviceName} on ${new Date(event.start).toISOString().slice(0, 10)}. Accept or decline it.`,
          link: `/expert/meetings?meeting=${encodeURIComponent(event.meetingId)}`,
          // The experts room mails the request with its calendar invite and answer links.
          mailedByPublisher: true,
        },
      ];
    case 'meeting.changed': {
      // Each meeting its own link, so entries about one meeting group together and no other's.
      const link =
        event.recipientSide === 'expert'
          ? `/expert/meetings?meeting=${encodeURIComponent(event.meetingId)}`
          : `/overview?meeting=${encodeURIComponent(event.meetingId)}`;
      const day = new Date(event.start).toISOString().slice(0, 10);
      const titles: Record<typeof event.change, string> = {
        accepted: `${event.actorName} accepted your meeting`,
        declined: `${event.actorName} declined your meeting`,
        proposed: `${event.actorName} proposed another time`,
        proposal_accepted: `${event.actorName} accepted the time you proposed`,
        proposal_declined: `${event.actorName} declined the time you proposed`,
        cancelled: `${event.actorName} cancelled your meeting`,
        notes: `${event.actorName} shared notes from your meeting`,
        rescheduled: `${event.actorName} moved your meeting to another time`,
      };
      return [
        {
          userId: event.recipientId,
          kind: event.type,
          icon: event.change === 'accepted' || event.change === 'proposal_accepted' ? 'star' : 'link',
          title: titles[event.change],
          body:
            event.change === 'proposed'
              ? `${event.serviceName}, now on ${day}. Accept or decline the new time.`
              : `${event.serviceName} on ${day}. The updated invite is in your e-mail.`,
          link,
          // The experts room mailed both people the updated calendar invite already.
          mailedByPublisher: true,
        },
      ];
    }
    case 'support.replied':
      return [
        {
          userId: event.founderId,
          kind: event.type,
          icon: 'mention',
          title: `The support team answered: ${event.subject}`,
          body: event.reply,
          link: '/my-messages',
          mailedByPublisher: true,
        },
      ];
    case 'startup.joined': {
      if (event.invitedById === event.founderId) return [];
      const founder = await findPerson(event.founderId);
      return [
        {
          userId: event.invitedById,
          kind: event.type,
          icon: 'star',
          title: `${nameOf(founder, 'Your co-founder')} joined ${event.startupName}`,
          body: 'They accepted your invitation and now work the program with you.',
          link: '/profile',
        },
      ];
    }
    case 'startup.member_removed':
      return [
        {
          userId: event.founderId,
          kind: event.type,
          icon: 'link',
          title: `You are no longer a member of ${event.startupName}`,
          body: "The startup's owner took you off the team. Your own account and answers stay yours.",
          link: '/profile',
        },
      ];
    case 'startup.owner_changed':
      return [
        {
          userId: event.ownerId,
          kind: event.type,
          icon: 'star',
          title: `You now own ${event.startupName}`,
          body: event.byId
            ? 'The previous owner handed the startup on to you: you invite and remove members now.'
            : 'The previous owner is no longer a member, so the startup passed on to you.',
          link: '/profile',
        },
      ];
    case 'milestone.due':
      return [
        {
          userId: event.founderId,
          kind: event.type,
          icon: 'link',
          title:
            event.notice === 'overdue'
              ? `${event.milestoneName} is past its due date`
              : `${event.milestoneName} is due ${longDate(event.dueOn)}`,
          body:
            event.notice === 'overdue'
              ? `It was due ${longDate(event.dueOn)}. Pick up your next step to catch up with your cohort.`
              : 'Three days or less to go. Your next step is waiting on your overview.',
          // One subject per milestone: its due-soon and overdue notices group together, another milestone's not.
          link: `/overview?milestone=${encodeURIComponent(event.milestoneKey)}`,
        },
      ];
    case 'founder.nudged':
      return [
        {
          userId: event.founderId,
          kind: event.type,
          icon: 'mention',
          title: event.subject,
          body: event.body,
          link: event.link,
        },
      ];
  }
}

/** A calendar day as the founder reads it: "Friday 12 March" (the day itself, whatever the zone). */
const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
