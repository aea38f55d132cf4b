import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { parse as parseYaml } from 'yaml';

export type PassageKind = 'step' | 'mission' | 'milestone' | 'question' | 'post';

export interface Passage {
  key: string;
  kind: PassageKind;
  title: string;
  context: string;
  body: string;
  url: string;
  milestoneKey: string | null;
  missionKey: string | null;
  stepKey: string | null;
  hash: string;
}

/** A passage chosen for a question, with its score (higher is better). */
export type RetrievedPassage = Passage & { rank: number };

type Yaml = Record<string, unknown>;
const readYaml = (file: string) => parseYaml(readFileSync(file, 'utf8')) as Yaml;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Cuts a Markdown body at its level-2 headings so each passage answers one thing; short bodies stay whole. */
export function sections(markdown: string): { heading: string | null; text: string }[] {
  const body = markdown.replace(/^#\s+.*$/m, '').trim();
  const parts = body.split(/^##\s+/m);
  const out: { heading: string | null; text: string }[] = [];
  const intro = parts.shift()?.trim();
  if (intro) out.push({ heading: null, text: intro });
  for (const part of parts) {
    const [first, ...rest] = part.split('\n');
    const text = rest.join('\n').trim();
    if (text) out.push({ heading: (first ?? '').trim(), text });
  }
  // Tiny sections read better with their neighbour than alone.
  const merged: typeof out = [];
  for (const section of out) {
    const last = merged.at(-1);
    if (last && last.text.length < 200)
      last.text = `${last.text}\n\n${section.heading ? `${section.heading}: ` : ''}${section.text}`;
    else merged.push({ ...section });
  }
  return merged;
}

function passage(fields: Omit<Passage, 'hash'>): Passage {
  const hash = createHash('sha256').update(JSON.stringify(fields)).digest('hex').slice(0, 32);
  return { ...fields, hash };
}

/**
 * Reads the shared content pack (program, milestones, missions, steps, popular questions, blog posts) into
 * passages for the coach. Program links point at /programs here: the founder's own step, mission and milestone
 * URLs are put in at answer time from the coach context (context.ts linkOf), because their ids belong to each
 * founder's enrolment. A popular question opens itself on the overview.
 */
export function loadPassages(contentDir: string): Passage[] {
  const passages: Passage[] = [];
  const programsDir = path.join(contentDir, 'programs');
  const milestoneNames = new Map<string, string>();
  if (existsSync(programsDir)) {
    for (const programFolder of readdirSync(programsDir).sort()) {
      const programDir = path.join(programsDir, programFolder);
      const programFile = path.join(programDir, 'program.yaml');
      if (!existsSync(programFile)) continue;
      const program = readYaml(programFile);
      for (const milestoneFolder of (program.milestones as string[]) ?? []) {
        const milestoneDir = path.join(programDir, 'milestones', milestoneFolder);
        const milestone = readYaml(path.join(milestoneDir, 'milestone.yaml'));
        const milestoneKey = str(milestone.key);
        const milestoneName = str(milestone.name);
        milestoneNames.set(milestoneKey, milestoneName);
        const outcome = (milestone.outcome ?? {}) as Yaml;
        passages.push(
          passage({
            key: `milestone:${programFolder}/${milestoneKey}`,
            kind: 'milestone',
            title: milestoneName,
            context: `${str(program.name)} › ${str(milestone.overviewSubtitle)}`,
            body: `${str(milestone.description)}\n\nOutcome: ${str(outcome.title)}\n${str(outcome.description)}`,
            url: '/programs',
            milestoneKey,
            missionKey: null,
            stepKey: null,
          }),
        );
        for (const missionFolder of (milestone.missions as string[]) ?? []) {
          const missionDir = path.join(milestoneDir, 'missions', missionFolder);
          const mission = readYaml(path.join(missionDir, 'mission.yaml'));
          const missionKey = str(mission.key);
          const deliverable = (mission.deliverable ?? null) as Yaml | null;
          passages.push(
            passage({
              key: `mission:${milestoneKey}/${missionKey}`,
              kind: 'mission',
              title: str(mission.name),
              context: milestoneName,
              body: `${str(mission.summary)}${deliverable ? `\n\nDeliverable: ${str(deliverable.title)}. ${str(deliverable.description)}` : ''}`,
              url: '/programs',
              milestoneKey,
              missionKey,
              stepKey: null,
            }),
          );
          for (const stepFile of (mission.steps as string[]) ?? []) {
            const parsed = matter(readFileSync(path.join(missionDir, 'steps', stepFile), 'utf8'));
            const stepKey = `${milestoneKey}/${missionKey}/${str(parsed.data.key)}`;
            const title = str(parsed.data.title);
            const worksheet = (parsed.data.worksheet ?? null) as {
              fields?: { label: string; help: string }[];
            } | null;
            const fields = worksheet?.fields?.map((f) => `${f.label}: ${f.help}`).join('\n') ?? '';
            sections(parsed.content).forEach((section, index) => {
              passages.push(
                passage({
                  key: `step:${stepKey}#${index}`,
                  kind: 'step',
                  title,
                  context: `${milestoneName} › ${str(mission.name)}${section.heading ? ` › ${section.heading}` : ''}`,
                  body: `${section.text}${index === 0 && fields ? `\n\nWorksheet:\n${fields}` : ''}`,
                  url: '/programs',
                  milestoneKey,
                  missionKey,
                  stepKey,
                }),
              );
            });
          }
        }
      }
    }
  }
  const questionsFile = path.join(contentDir, 'popular-questions.yaml');
  if (existsSync(questionsFile)) {
    for (const item of (parseYaml(readFileSync(questionsFile, 'utf8')) as Yaml[]) ?? []) {
      const milestoneKey = str(item.milestone);
      passages.push(
        passage({
          key: `question:${str(item.key)}`,
          kind: 'question',
          title: str(item.question),
          context: `Popular question · ${milestoneNames.get(milestoneKey) ?? milestoneKey}`,
          body: str(item.answer),
          url: `/overview?question=${encodeURIComponent(str(item.key))}`,
          milestoneKey,
          missionKey: null,
          stepKey: null,
        }),
      );
    }
  }
  const postsDir = path.join(contentDir, 'blog', 'posts');
  if (existsSync(postsDir)) {
    for (const file of readdirSync(postsDir)
      .filter((f) => f.endsWith('.md'))
      .sort()) {
      const parsed = matter(readFileSync(path.join(postsDir, file), 'utf8'));
      const slug = str(parsed.data.slug) || file.replace(/\.md$/, '');
      const title = str(parsed.data.title);
      sections(`${str(parsed.data.excerpt)}\n\n${parsed.content}`).forEach((section, index) => {
        passages.push(
          passage({
            key: `post:${slug}#${index}`,
            kind: 'post',
            title,
            context: `Explore blog${section.heading ? ` › ${section.heading}` : ''}`,
            body: section.text,
            url: `/explore/post/${slug}`,
            milestoneKey: null,
            missionKey: null,
            stepKey: null,
          }),
        );
      });
    }
  }
  return passages;
}
