import { forwardRef, useId, useState } from 'react';
import type { PopularQuestion } from '@liftoff/contracts/support';
import { iconPaths } from '../../../components/icon-paths';
import '../../../components/plain.css';
import { PlainIcon } from '../../../components/plain-icon';
import { AnswerText } from './answer-text';

/**
 * One popular question, folded under its heading until opened: WAI-ARIA's accordion pattern, drawn as MUI's
 * outlined Accordion drew it at this theme (decision 056). The question is a button inside a heading, with
 * `aria-expanded` and `aria-controls`; the answer is a region named by it. The answer mounts when opened, so its
 * Markdown renderer is not part of the overview's first load, and unmounts when folded again.
 */
export const PopularQuestionFold = forwardRef<
  HTMLDivElement,
  { item: PopularQuestion; defaultOpen: boolean }
>(function PopularQuestionFold({ item, defaultOpen }, ref) {
  const [open, setOpen] = useState(defaultOpen);
  const [toggled, setToggled] = useState(false);
  const id = useId();
  return (
    <div ref={ref} className={open ? 'question-fold question-fold--open' : 'question-fold'}>
      <h3 className="question-fold__heading">
        <button
          type="button"
          id={`${id}-question`}
          className="plain-button question-fold__button"
          aria-expanded={open}
          // Named only while the answer is there to point at.
          aria-controls={open ? `${id}-answer` : undefined}
          onClick={() => {
            setOpen((was) => !was);
            setToggled(true);
          }}
        >
          <span className="question-fold__question plain-body1">{item.question}</span>
          <span className="question-fold__chevron">
            <PlainIcon d={iconPaths.expandMore} />
          </span>
        </button>
      </h3>
      {open && (
        <div
          id={`${id}-answer`}
          role="region"
          aria-labelledby={`${id}-question`}
          className={
            toggled ? 'question-fold__answer question-fold__answer--unfolding' : 'question-fold__answer'
          }
        >
          <div className="question-fold__answer-text">
            <AnswerText source={item.answer} />
          </div>
        </div>
      )}
    </div>
  );
});
