import type { ProgramOutline } from '@liftoff/contracts/programs';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { UpcomingMeetingsSlot } from '../../../components/feature-slots';
import { iconPaths } from '../../../components/icon-paths';
import { PlainIcon } from '../../../components/plain-icon';
import { visuallyHidden } from '../../../components/product-mark';
import '../../../components/plain.css';
import { todoOf, type TodoKind } from '../lib/todo';
import './todo-card.css';

const icons: Record<TodoKind, string> = {
  'put-off': iconPaths.schedule,
  'empty-worksheet': iconPaths.assignment,
  deliverable: iconPaths.uploadFile,
};

const actions: Record<TodoKind, string> = {
  'put-off': 'Finish',
  'empty-worksheet': 'Fill in',
  deliverable: 'Hand in',
};

/**
 * "Your to-do" on the overview: what the founder put off or left open anywhere in the program, so nothing
 * put off for later is visible only inside its mission. Meetings come from the experts feature's slot.
 * On the overview's first screen, so drawn with plain elements (decision 052); its links stay MUI's.
 */
export function TodoCard({ program }: { program: ProgramOutline }) {
  const items = todoOf(program);
  return (
    <section className="plain-card" aria-labelledby="todo-title">
      <div className="plain-card__content">
        <h2 id="todo-title" className="plain-h2 todo-card__title">
          Your to-do
        </h2>
        {items.length ? (
          <ul aria-label="Left to do in your program" className="todo-card__list">
            {items.map((item) => (
              <li key={item.id} className="todo-card__item">
                <PlainIcon d={icons[item.kind]} className="todo-card__icon" />
                <div className="todo-card__text">
                  <p className="plain-body1 todo-card__name">{item.title}</p>
                  <p className="plain-body2 plain-secondary">{item.detail}</p>
                </div>
                <Link component={RouterLink} to={item.to}>
                  {actions[item.kind]}
                  <span style={visuallyHidden}>{` “${item.title}”`}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="plain-body1 plain-secondary todo-card__empty">
            Nothing left behind: no step put off, no worksheet left empty, no deliverable missing.
          </p>
        )}
        <UpcomingMeetingsSlot />
      </div>
    </section>
  );
}
