import { paths } from '../../../config/paths';

/** The studio's cohort screens; the studio route table (app/studio/routes.tsx) maps them to the pages. */
export const studioPaths = {
  cohorts: paths.studioCohorts,
  cohort: (id: string) => `/studio/cohorts/${id}`,
  founder: (cohortId: string, founderId: string) => `/studio/cohorts/${cohortId}/founders/${founderId}`,
};
