import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MobileStepper from '@mui/material/MobileStepper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventIcon from '@mui/icons-material/EventAvailableOutlined';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import MapIcon from '@mui/icons-material/MapOutlined';
import MenuBookIcon from '@mui/icons-material/MenuBookOutlined';
import MicIcon from '@mui/icons-material/MicNoneOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswerOutlined';
import SecurityIcon from '@mui/icons-material/Security';
import ShareIcon from '@mui/icons-material/IosShare';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { paths } from '../../../config/paths';
import { markTutorialCompleted } from '../../../lib/markers';

type Step = { title: string; body: string; points: string[]; art: ReactNode };

/** An illustration composed of icons: one big subject with small companions around it. */
function Art({
  main,
  companions,
  tone = 'primary',
}: {
  main: ReactNode;
  companions: ReactNode[];
  tone?: 'primary' | 'secondary';
}) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        position: 'relative',
        height: { xs: 150, sm: 180 },
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        bgcolor: tone === 'primary' ? 'rgba(99, 102, 241, 0.10)' : 'rgba(245, 158, 11, 0.14)',
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          fontSize: { xs: 72, sm: 88 },
          color: `${tone}.main`,
          display: 'flex',
          '& svg': { fontSize: 'inherit' },
        }}
      >
        {main}
      </Box>
      {companions.map((icon, index) => {
        const spots = [
          { top: '14%', left: '14%' },
          { top: '16%', right: '14%' },
          { bottom: '14%', left: '22%' },
          { bottom: '16%', right: '20%' },
        ];
        return (
          <Box
            key={index}
            sx={{
              position: 'absolute',
              ...spots[index % spots.length],
              width: 44,
              height: 44,
              borderRadius: '50%',
              bgcolor: 'background.paper',
              boxShadow: 1,
              display: 'grid',
              placeItems: 'center',
              color: index % 2 ? 'secondary.dark' : 'primary.main',
            }}
          >
            {icon}
          </Box>
        );
      })}
    </Box>
  );
}

const steps: Step[] = [
  {
    title: 'Your program is a map',
    body: 'A program is a path of milestones. Each milestone holds missions, and each mission is a handful of short steps — reading, a tool to use, a decision to make.',
    points: [
      'Milestones unlock one after another',
      'Steps can be marked “do later”',
      'Your overview always shows what is next',
    ],
    art: (
      <Art
        main={<MapIcon />}
        companions={[<FlagIcon key="f" />, <LockIcon key="l" />, <CheckCircleIcon key="c" />]}
      />
    ),
  },
  {
    title: 'Deliverables become outcomes',
    body: 'Missions ask for real work: a one-pager, a customer list, a pricing test. Upload it to the mission; completed missions collect in your outcomes repository.',
    points: [
      'Upload files right in the mission',
      'Find every outcome in one place',
      'Share a read-only preview with a link',
    ],
    art: (
      <Art
        tone="secondary"
        main={<Inventory2Icon />}
        companions={[<UploadFileIcon key="u" />, <AssignmentTurnedInIcon key="a" />, <ShareIcon key="s" />]}
      />
    ),
  },
  {
    title: 'Experts are one click away',
    body: 'Each milestone comes with an expert who has done it before. Ask a question in writing, or book a short meeting at a time that suits you both.',
    points: [
      'Ask a question from any mission',
      'Book a meeting in your time zone',
      'Popular questions answer the common ones',
    ],
    art: <Art main={<QuestionAnswerIcon />} companions={[<PersonIcon key="p" />, <EventIcon key="e" />]} />,
  },
  {
    title: 'Explore when you need ideas',
    body: 'Explore is a library of articles for founders, filtered by category and tag. Open it between calls for a five-minute read.',
    points: ['Filter by category and tag', 'Pages you can come back to', 'Written for early-stage teams'],
    art: (
      <Art
        tone="secondary"
        main={<ExploreIcon />}
        companions={[<MenuBookIcon key="m" />, <FlagIcon key="f" />]}
      />
    ),
  },
  {
    title: 'Your AI coach, any time',
    body: 'The AI workspace is a coach that knows the program. Ask it to challenge a plan, draft an e-mail or explain a term — by typing or by voice — and keep each conversation for later.',
    points: [
      'Follow-up questions to go deeper',
      'Speak instead of typing',
      'Archive and restore conversations',
    ],
    art: <Art main={<AutoAwesomeIcon />} companions={[<ChatIcon key="c" />, <MicIcon key="m" />]} />,
  },
  {
    title: 'Your profile and your security',
    body: 'The profile holds your details and your startup. Turn on two-step verification there, so a password alone is never enough to get into your account.',
    points: [
      'Change your password any time',
      'Two-step with an app or e-mail code',
      'Light or dark theme from the profile menu',
    ],
    art: (
      <Art
        tone="secondary"
        main={<SecurityIcon />}
        companions={[<PersonIcon key="p" />, <LockIcon key="l" />]}
      />
    ),
  },
];

/** The product walkthrough; finishing or skipping sets the tutorialCompleted marker. */
export function TutorialPage() {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const step = steps[index] ?? steps[0]!;
  const last = index === steps.length - 1;

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  const finish = () => {
    markTutorialCompleted();
    void navigate(paths.overview, { replace: true });
  };

  return (
    <Stack spacing={3} component="section" aria-roledescription="walkthrough" aria-label="Product tour">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="overline" sx={{ color: 'text.secondary' }} aria-live="polite">
          Step {index + 1} of {steps.length}
        </Typography>
        <Button variant="text" onClick={finish}>
          Skip the tour
        </Button>
      </Stack>
      {step.art}
      <Box>
        <Typography
          variant="h1"
          ref={headingRef}
          tabIndex={-1}
          sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, outline: 'none', mb: 1 }}
        >
          {step.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: '65ch' }}>{step.body}</Typography>
        <Box component="ul" sx={{ pl: 0, mt: 2, mb: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
          {step.points.map((point) => (
            <Box component="li" key={point} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <CheckCircleIcon fontSize="small" color="secondary" aria-hidden="true" />
              <Typography component="span">{point}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <MobileStepper
        variant="dots"
        steps={steps.length}
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
    </Stack>
  );
}
