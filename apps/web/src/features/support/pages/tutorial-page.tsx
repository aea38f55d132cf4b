import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TutorialItem } from '@liftoff/contracts/support';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MobileStepper from '@mui/material/MobileStepper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import { RetryAlert } from '../../../components/retry-alert';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api';
import { markTutorialCompleted, useSetTutorialMarkerMutation } from '../../../lib/markers';
import { useTutorialSettingQuery } from '../api';
import { SupportDialog } from '../components/support-dialog';
import { apiHref } from '../lib/urls';

/** The step's picture or short video, from the TUTORIAL setting. */
function Media({ item }: { item: TutorialItem }) {
  const src = apiHref(item.media.url);
  return (
    <Box
      sx={{
        height: { xs: 170, sm: 220 },
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'rgba(99, 102, 241, 0.10)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {item.media.kind === 'video' ? (
        <Box
          component="video"
          src={src}
          controls
          preload="metadata"
          aria-label={`Video: ${item.title}`}
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : (
        <Box
          component="img"
          src={src}
          alt={`Illustration: ${item.title}`}
          sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}

function TutorialSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Loading the product tour">
      <Skeleton variant="text" width={120} />
      <Skeleton variant="rounded" height={200} />
      <Skeleton variant="text" height={44} width="60%" />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="80%" />
    </Stack>
  );
}

/** The product walkthrough, fed by the TUTORIAL setting; finishing or skipping sets the tutorialCompleted marker. */
export function TutorialPage() {
  const navigate = useNavigate();
  const query = useTutorialSettingQuery();
  const [setTutorialMarker] = useSetTutorialMarkerMutation();
  const [index, setIndex] = useState(0);
  const [supportOpen, setSupportOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const items = [...(query.data?.items ?? [])].sort((a, b) => a.order - b.order);
  const step = items[index] ?? items[0];
  const last = index >= items.length - 1;

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  const finish = () => {
    markTutorialCompleted();
    // Kept on the account too; if that call fails, this device's marker still ends the tour here.
    void setTutorialMarker({ completed: true });
    void navigate(paths.overview, { replace: true });
  };

  const support = (
    <>
      <Button variant="text" startIcon={<HelpIcon />} onClick={() => setSupportOpen(true)}>
        Contact support
      </Button>
      <SupportDialog open={supportOpen} onClose={() => setSupportOpen(false)} initialKind="TUTORIAL" />
    </>
  );

  return (
    <Stack spacing={3} component="section" aria-roledescription="walkthrough" aria-label="Product tour">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="overline" sx={{ color: 'text.secondary' }} aria-live="polite">
          {step ? `Step ${index + 1} of ${items.length}` : (query.data?.title ?? 'Product tour')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {support}
          <Button variant="text" onClick={finish}>
            Skip the tour
          </Button>
        </Stack>
      </Stack>
      {query.isLoading ? (
        <>
          <TutorialSkeleton />
          {/* The controls keep their place while the steps load (disabled until there is a step). */}
          <MobileStepper
            variant="dots"
            steps={1}
            position="static"
            activeStep={0}
            sx={{ bgcolor: 'transparent', px: 0 }}
            backButton={
              <Button disabled startIcon={<ArrowBackIcon />}>
                Back
              </Button>
            }
            nextButton={
              <Button variant="contained" disabled endIcon={<ArrowForwardIcon />}>
                Next
              </Button>
            }
          />
        </>
      ) : query.isError ? (
        <RetryAlert
          message={`We could not load the tour. ${errorMessage(query.error)}`}
          onRetry={() => void query.refetch()}
          retryLabel="Try again"
        />
      ) : !step ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
            The tour is on its way
          </Typography>
          <Typography>There are no tour steps yet — head to your overview to get started.</Typography>
          <Button variant="contained" onClick={finish}>
            Go to my overview
          </Button>
        </Stack>
      ) : (
        <>
          <Media item={step} />
          <Box>
            <Typography
              variant="h1"
              ref={headingRef}
              tabIndex={-1}
              sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, outline: 'none', mb: 1 }}
            >
              {step.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary', maxWidth: '65ch' }}>{step.description}</Typography>
          </Box>
          <MobileStepper
            variant="dots"
            steps={items.length}
            position="static"
            activeStep={index}
            sx={{ bgcolor: 'transparent', px: 0 }}
            backButton={
              <Button
                onClick={() => setIndex((current) => current - 1)}
                disabled={index === 0}
                startIcon={<ArrowBackIcon />}
              >
                Back
              </Button>
            }
            nextButton={
              last ? (
                <Button variant="contained" onClick={finish}>
                  Go to my overview
                </Button>
              ) : (
                <Button
                  variant="contained"
                  onClick={() => setIndex((current) => current + 1)}
                  endIcon={<ArrowForwardIcon />}
                >
                  Next
                </Button>
              )
            }
          />
        </>
      )}
    </Stack>
  );
}
