/*
 * The current-program rule without the program schemas: the web app's overview uses it, and zod is no part of
 * that page's load (bench/lighthouse.mjs). programs.ts re-exports it.
 */

/**
 * The program a founder works on: the newest ONGOING enrolment (a founder moved to a cohort running another
 * program works on that one), else the newest. The same rule on every surface: overview, coach, experts.
 */
export function currentProgram<P extends { status: string; index: number }>(
  programs: readonly P[],
): P | null {
  const ordered = [...programs].sort((a, b) => a.index - b.index);
  return ordered.filter((p) => p.status === 'ONGOING').at(-1) ?? ordered.at(-1) ?? null;
}
