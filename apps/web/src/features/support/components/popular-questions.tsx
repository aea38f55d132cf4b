import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { RetryAlert } from '../../../components/retry-alert';
import '../../../components/plain.css';
import { errorMessage } from '../../../lib/api';
import { useFirstArrivalDeferred } from '../../../lib/first-arrival';
import { usePopularQuestionsQuery } from '../api';
import { PopularQuestionFold } from './popular-question-fold';
import './popular-questions.css';

/**
 * Questions founders at the user's milestone ask most, with answers, as an accordion (overview). A coach source
 * link (`/overview?question=<key>`) opens that question, scrolled into view. Its frame (card, heading, intro)
 * is plain elements (decision 052), and so are the questions that fold (decision 056).
 */
export function PopularQuestions() {
  const headingId = useId();
  const asked = useSearchParams()[0].get('question') ?? undefined;
  // Its first answer renders as a transition, in slices (decision 044): it arrives after the overview is on
  // screen, when a founder may already be scrolling or tapping.
  const query = useFirstArrivalDeferred(usePopularQuestionsQuery(asked ? { question: asked } : undefined));
  const askedItem = useRef<HTMLDivElement | null>(null);
  const loaded = Boolean(query.data);
  useEffect(() => {
    if (!loaded || !askedItem.current) return;
    askedItem.current.scrollIntoView?.({ block: 'center' });
    askedItem.current.querySelector<HTMLElement>('[aria-expanded]')?.focus({ preventScroll: true });
  }, [loaded, asked]);
  return (
    <section className="plain-card" aria-labelledby={headingId}>
      <div className="popular-questions__content">
        <h2 id={headingId} className="plain-h2 popular-questions__title">
          Popular questions
        </h2>
        <p className="plain-body2 plain-secondary popular-questions__intro">
          What founders at your milestone ask most.
        </p>
        {query.isLoading ? (
          <Stack spacing={1} role="status" aria-label="Loading popular questions">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={48} />
            ))}
          </Stack>
        ) : query.isError ? (
          <RetryAlert
            message={errorMessage(query.error)}
            onRetry={() => void query.refetch()}
            retryLabel="Try again"
          />
        ) : !query.data?.length ? (
          <p className="plain-body1">
            No popular questions for your milestone yet — ask your expert directly above.
          </p>
        ) : (
          <div>
            {query.data.map((item) => (
              <PopularQuestionFold
                key={item.id}
                ref={item.key === asked ? askedItem : undefined}
                item={item}
                defaultOpen={item.key === asked}
              />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
