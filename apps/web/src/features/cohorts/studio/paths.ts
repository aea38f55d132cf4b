/** The studio's cohort screens; the studio route table maps these paths to the pages. */
export const studioPaths = {
  cohorts: '/studio/cohorts',
  cohort: (id: string) => `/studio/cohorts/${id}`,
  founder: (cohortId: string, founderId: string) => `/studio/cohorts/${cohortId}/founders/${founderId}`,
};
