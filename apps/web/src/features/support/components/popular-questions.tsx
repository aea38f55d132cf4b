import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { RetryAlert } from '../../../components/retry-alert';
import { errorMessage } from '../../../lib/api';
import { usePopularQuestionsQuery } from '../api';
import { AnswerText } from './answer-text';

/**
 * Questions founders at the user's milestone ask most, with answers, as an accordion (overview). A coach source
 * link (`/overview?question=<key>`) opens that question, scrolled into view.
 */
export function PopularQuestions() {
  const headingId = useId();
  const asked = useSearchParams()[0].get('question') ?? undefined;
  const query = usePopularQuestionsQuery(asked ? { question: asked } : undefined);
  const askedItem = useRef<HTMLDivElement | null>(null);
  const loaded = Boolean(query.data);
  useEffect(() => {
    if (!loaded || !askedItem.current) return;
    askedItem.current.scrollIntoView?.({ block: 'center' });
    askedItem.current.querySelector<HTMLElement>('[aria-expanded]')?.focus({ preventScroll: true });
  }, [loaded, asked]);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 0.5 }}>
          Popular questions
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          What founders at your milestone ask most.
        </Typography>
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
          <Typography>
            No popular questions for your milestone yet — ask your expert directly above.
          </Typography>
        ) : (
          <div>
            {query.data.map((item) => (
              <Accordion
                key={item.id}
                ref={item.key === asked ? askedItem : undefined}
                defaultExpanded={item.key === asked}
                disableGutters
                // An answer mounts when opened: its Markdown renderer is not part of the overview's first load.
                slotProps={{ transition: { unmountOnExit: true } }}
                variant="outlined"
                sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {item.question}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <AnswerText source={item.answer} />
                </AccordionDetails>
              </Accordion>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
