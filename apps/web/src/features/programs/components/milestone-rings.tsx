import type { MilestoneOutline } from '@liftoff/contracts/programs';
import { PlainIcon } from '../../../components/plain-icon';
import '../../../components/plain.css';
import { byIndex, milestoneProgress } from '../lib/progress';
import { ProgressRing } from './progress-ring';
import { statusMeta } from './status';
import './milestone-rings.css';

/** A palette path ('success.main') as the theme's CSS variable. */
const paletteVariable = (path: string) => `var(--mui-palette-${path.replace('.', '-')})`;

/**
 * One completion ring per milestone, in program order, with its status in icon, colour and words. Plain
 * elements (decision 052): the overview draws one per milestone, five styled components each with MUI's.
 */
export function MilestoneRings({
  milestones,
}: {
  milestones: Pick<MilestoneOutline, 'id' | 'index' | 'name' | 'status' | 'userMission'>[];
}) {
  return (
    <ol aria-label="Milestone progress" className="milestone-rings">
      {byIndex(milestones).map((milestone) => {
        const { percent } = milestoneProgress(milestone);
        const meta = statusMeta[milestone.status];
        return (
          <li key={milestone.id} data-testid="milestone-ring" className="milestone-rings__item">
            <ProgressRing
              value={percent}
              label={`Milestone ${milestone.index}, ${milestone.name}`}
              color={milestone.status === 'COMPLETED' ? 'success' : 'primary'}
            />
            <p className="plain-body2 milestone-rings__name">{milestone.name}</p>
            <span className="milestone-rings__status" style={{ color: paletteVariable(meta.tone) }}>
              <PlainIcon d={meta.iconPath} className="plain-icon--inherit" />
              <span className="milestone-rings__label">{meta.label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
