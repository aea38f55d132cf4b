import type { Startup, StartupMember } from '@liftoff/contracts/startups';

/** Who would own the startup if `meId` left it: the longest-standing of the others (decision 063). */
export function heirOf(startup: Startup, meId: string): StartupMember | null {
  const others = startup.members
    .filter((member) => member.userId !== meId)
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
  return others[0] ?? null;
}

/** What leaving `startup` does, said before the person leaves (or accepts another startup's invitation). */
export function leavingMeans(startup: Startup, meId: string, heir: StartupMember | null): string {
  const me = startup.members.find((member) => member.userId === meId);
  if (!heir) {
    return `You are its only member: ${startup.name} is deleted with its program progress, answers and files.`;
  }
  if (me?.role === 'owner') {
    return `${heir.name} becomes the owner, as the longest-standing member. The startup's work stays with it; you no longer see it.`;
  }
  return "The startup's work stays with it and its other members; you no longer see it.";
}
