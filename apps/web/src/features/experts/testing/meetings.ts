import type { MeetingRequest } from '@liftoff/contracts/experts';

/** A meeting request as the API answers it, for the tests of both sides' meeting screens. */
export const aMeeting = (overrides: Partial<MeetingRequest> = {}): MeetingRequest => ({
  id: 'm1',
  expertId: 'e1',
  expert: { id: 'e1', firstName: 'Erin', lastName: 'Expert', profileImageUrl: '', headline: 'Pricing' },
  serviceKey: 'intro-30',
  serviceName: 'Intro call',
  duration: 30,
  start: '2099-03-02T14:00:00.000Z',
  end: '2099-03-02T14:30:00.000Z',
  timezone: 'Europe/Berlin',
  note: null,
  status: 'REQUESTED',
  awaiting: 'expert',
  expertMessage: null,
  cancelledBy: null,
  notes: null,
  sequence: 0,
  inviteUrl: '/api/expert/meetings/m1/invite.ics',
  videoUrl: 'https://meet.jit.si/Liftoff-0123456789abcdef0123456789abcdef',
  noShow: false,
  founderRating: null,
  createdAt: '2099-03-01T10:00:00.000Z',
  updatedAt: '2099-03-01T10:00:00.000Z',
  ...overrides,
});
