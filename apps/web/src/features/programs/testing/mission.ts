import type { Mission, Step } from '@liftoff/contracts/programs';

/** A founder's ongoing mission in the second milestone holding `steps`, as the mission route answers it. */
export const missionWith = (steps: Step[]): Mission => ({
  id: 'mission-1',
  index: 1,
  key: 'value-proposition',
  name: 'Value proposition',
  summary: 'Say why anyone would switch.',
  estimatedMinutes: 120,
  status: 'ONGOING',
  completedAt: null,
  deliverable: null,
  attachments: [],
  userStep: steps,
  userMilestoneId: 'milestone-1',
  userMilestone: {
    id: 'milestone-1',
    index: 2,
    name: 'Solution & MVP',
    status: 'ONGOING',
    iconUrl: '/api/content/icons/solution.svg',
    overviewSubtitle: '',
    userProgramId: 'program-1',
    completedAt: null,
  },
});
