/** An expert's name as every screen shows it. */
export const fullName = (expert: { firstName: string; lastName: string }) =>
  `${expert.firstName} ${expert.lastName}`.trim();
