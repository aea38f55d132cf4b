import type { ReactNode } from 'react';
import type { Expert } from '@liftoff/contracts/experts';
import Avatar from '@mui/material/Avatar';
import '../../../components/plain.css';
import { apiHref } from '../lib/urls';
import './expert-card.css';

/**
 * The milestone's expert: photo, name, headline. `actions` is the slot where asking a question and
 * booking a meeting go once the experts feature provides them (composed in src/app).
 */
export function ExpertCard({
  expert,
  actions,
  headingLevel = 'h3',
}: {
  expert: Expert;
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const name = `${expert.firstName} ${expert.lastName}`.trim();
  const headline = expert.expertMeta[0]?.headline;
  const Name = headingLevel;
  // Plain but for the photo, whose initial stands in when it cannot be loaded (decision 052).
  return (
    <section aria-label={`Your expert, ${name}`} className="plain-card expert-card">
      <div className="expert-card__content">
        <Avatar src={apiHref(expert.profileImageUrl)} alt={`Photo of ${name}`} sx={{ width: 64, height: 64 }}>
          {expert.firstName[0]}
        </Avatar>
        <div className="expert-card__text">
          <span className="plain-overline plain-secondary expert-card__kicker">Your expert</span>
          <Name className="plain-body1 expert-card__name">{name}</Name>
          {headline ? <p className="plain-body2 plain-secondary">{headline}</p> : null}
        </div>
        {actions ? <div className="expert-card__actions">{actions}</div> : null}
      </div>
    </section>
  );
}
