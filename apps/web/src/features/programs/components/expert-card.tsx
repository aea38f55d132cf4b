import { useState, type ReactNode } from 'react';
import type { Expert } from '@liftoff/contracts/experts';
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
  // All plain (decisions 052, 058).
  return (
    <section aria-label={`Your expert, ${name}`} className="plain-card expert-card">
      <div className="expert-card__content">
        <ExpertPhoto src={apiHref(expert.profileImageUrl)} name={name} initial={expert.firstName[0] ?? ''} />
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

/**
 * MUI's Avatar at 64 px, as plain elements: the photo, or the expert's initial on a grey disc when there is no
 * photo or it cannot be loaded.
 */
function ExpertPhoto({ src, name, initial }: { src: string; name: string; initial: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showsPhoto = Boolean(src) && failed !== src;
  return (
    <div className={showsPhoto ? 'expert-card__photo' : 'expert-card__photo expert-card__photo--initial'}>
      {showsPhoto ? (
        <img
          src={src}
          alt={`Photo of ${name}`}
          className="expert-card__photo-image"
          onError={() => setFailed(src)}
        />
      ) : (
        initial
      )}
    </div>
  );
}
