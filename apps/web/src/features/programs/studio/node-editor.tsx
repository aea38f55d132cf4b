import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { Markdown } from '../components/markdown';
import { ContentIcon } from '../components/content-icon';
import { DocCheck, DocSelect, DocText, useDocument } from './document-fields';
import {
  LEVEL_NAMES,
  appendIn,
  freshKey,
  getIn,
  join,
  newMilestone,
  newMission,
  newStep,
  newWorksheetField,
  pathOf,
  type Milestone,
  type Mission,
  type NodeAddress,
  type Step,
} from './program-document';
import { ItemActions } from './item-actions';
import { WorksheetEditor } from './worksheet-editor';

/** How many children each level may hold (the pack's rule, packages/contracts programs-authoring). */
const LIMITS = [
  { min: 1, max: Infinity, rule: 'A program holds at least one milestone.' },
  { min: 2, max: 4, rule: 'A milestone holds two to four missions.' },
  { min: 3, max: 6, rule: 'A mission holds three to six steps.' },
] as const;

const row = { xs: 'column', sm: 'row' } as const;

function IconFields({ path }: { path: string }) {
  const { doc } = useDocument();
  return (
    <Stack direction={row} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <ContentIcon src={String(getIn(doc, join(path, 'iconUrl')) ?? '')} size={56} />
      <DocText path={join(path, 'iconUrl')} label="Icon address" help="/api/content/icons/…" />
      <DocText path={join(path, 'secondaryIconUrl')} label="Second icon address" />
    </Stack>
  );
}

function ProgramFields() {
  return (
    <>
      <DocText path="name" label="Program name" required />
      <DocText path="summary" label="Summary" multiline minRows={2} required />
      <IconFields path="" />
      <Stack direction={row} spacing={2}>
        <DocText path="durationDays" label="Closes after (days, optional)" number optional />
      </Stack>
      <DocCheck path="requiresApproval" label="Deliverables need the team's approval" />
      <DocCheck path="default" label="The program new founders join by default" />
    </>
  );
}

function MilestoneFields({ path }: { path: string }) {
  const { doc } = useDocument();
  // The experts the program already names: the API refuses a key it does not know.
  const experts = [...new Set(doc.milestones.map((milestone) => milestone.expert).filter(Boolean))];
  return (
    <>
      <DocText path={join(path, 'name')} label="Milestone name" required />
      <DocText path={join(path, 'overviewSubtitle')} label="Subtitle on the overview" required />
      <DocText path={join(path, 'description')} label="Description" multiline minRows={2} required />
      <DocText path={join(path, 'outcome.title')} label="Outcome title" required />
      <DocText path={join(path, 'outcome.description')} label="Outcome text" multiline minRows={2} required />
      <IconFields path={path} />
      <DocText
        path={join(path, 'expert')}
        label="Expert key"
        help="The expert founders ask in this milestone"
        suggestions={experts}
      />
      <DocText path={join(path, 'key')} label="Key" help="kebab-case; founders' progress is kept by it" />
    </>
  );
}

function MissionFields({ path }: { path: string }) {
  const { doc, set } = useDocument();
  const deliverablePath = join(path, 'deliverable');
  const hasDeliverable = Boolean(getIn(doc, deliverablePath));
  return (
    <>
      <DocText path={join(path, 'name')} label="Mission name" required />
      <DocText path={join(path, 'summary')} label="Summary" multiline minRows={2} required />
      <DocText path={join(path, 'estimatedMinutes')} label="Estimated minutes" number required />
      <DocText path={join(path, 'key')} label="Key" help="kebab-case; founders' progress is kept by it" />
      <Button
        sx={{ alignSelf: 'flex-start' }}
        onClick={() =>
          set(
            deliverablePath,
            hasDeliverable
              ? undefined
              : { title: 'Deliverable', description: 'What to hand in.', acceptedHint: 'Any file.' },
          )
        }
      >
        {hasDeliverable ? 'Remove the deliverable' : 'Add a deliverable'}
      </Button>
      {hasDeliverable ? (
        <>
          <DocText path={join(deliverablePath, 'title')} label="Deliverable title" required />
          <DocText
            path={join(deliverablePath, 'description')}
            label="Deliverable description"
            multiline
            required
          />
          <DocText path={join(deliverablePath, 'acceptedHint')} label="What files are accepted" required />
        </>
      ) : null}
    </>
  );
}

function StepFields({ path }: { path: string }) {
  const { doc, set } = useDocument();
  const step = getIn(doc, path) as Step;
  return (
    <>
      <DocText path={join(path, 'title')} label="Step title" required />
      <Stack direction={row} spacing={2}>
        <DocSelect
          path={join(path, 'type')}
          label="Step type"
          options={[
            { value: 'CONTENT', label: 'Reading (content)' },
            { value: 'TOOL', label: 'Worksheet (tool)' },
          ]}
          // A TOOL step needs a worksheet and a CONTENT step may not have one (the pack's rule).
          onChange={(type) =>
            set(path, {
              ...step,
              type,
              worksheet:
                type === 'TOOL' ? (step.worksheet ?? { fields: [newWorksheetField('answer')] }) : undefined,
            })
          }
        />
        <DocText path={join(path, 'estimatedMinutes')} label="Estimated minutes" number required />
      </Stack>
      <DocText path={join(path, 'key')} label="Key" help="kebab-case; founders' progress is kept by it" />
      <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <DocText path={join(path, 'body')} label="Step text (Markdown)" multiline minRows={12} />
        </Stack>
        <Card
          variant="outlined"
          component="section"
          aria-labelledby="step-preview-title"
          sx={{ flex: 1, minWidth: 0 }}
        >
          <CardContent>
            <Typography
              id="step-preview-title"
              component="h3"
              variant="overline"
              sx={{ color: 'text.secondary' }}
            >
              Preview, as founders read it
            </Typography>
            {step.body.trim() ? (
              <Markdown source={step.body} dropTitle />
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>The step's text appears here.</Typography>
            )}
          </CardContent>
        </Card>
      </Stack>
      {step.type === 'TOOL' ? <WorksheetEditor stepPath={path} /> : null}
    </>
  );
}

/** The children a node holds and a new one to add, by depth. */
function childrenOf(node: unknown, depth: number) {
  if (depth === 0) {
    const items = (node as { milestones: Milestone[] }).milestones;
    return {
      list: 'milestones',
      items,
      make: () => newMilestone(freshKey(items, 'new-milestone'), items.at(-1)),
    };
  }
  if (depth === 1) {
    const items = (node as Milestone).missions;
    return { list: 'missions', items, make: () => newMission(freshKey(items, 'new-mission')) };
  }
  const items = (node as Mission).steps;
  return { list: 'steps', items, make: () => newStep(freshKey(items, 'new-step')) };
}

/** Name of a node for its heading and its buttons' labels. */
export function nodeName(node: unknown): string {
  const n = node as { name?: string; title?: string; key: string };
  return n.name || n.title || n.key;
}

/** The form of the selected node, with its place in its list (move, remove) and a way to add a child. */
export function NodeEditor({
  address,
  onSelect,
}: {
  address: NodeAddress;
  onSelect: (address: NodeAddress) => void;
}) {
  const { doc, set } = useDocument();
  const path = pathOf(address);
  const node = getIn(doc, path);
  if (!node) return <Alert severity="info">Choose a part of the program to edit it.</Alert>;
  const depth = address.length;
  const level = depth ? LEVEL_NAMES[depth - 1] : 'program';
  const name = nodeName(node);
  const index = address.at(-1) ?? 0;
  const siblings = depth ? (getIn(doc, path.split('.').slice(0, -1).join('.')) as unknown[]) : [];
  const parent = address.slice(0, -1);
  const children = depth < 3 ? childrenOf(node, depth) : null;
  const limit = depth ? LIMITS[depth - 1] : null;
  const childLimit = children ? LIMITS[depth] : null;
  return (
    <Stack spacing={2.5} component="section" aria-labelledby="node-title">
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id="node-title" variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
          <Typography component="span" variant="overline" sx={{ display: 'block', color: 'text.secondary' }}>
            {level}
          </Typography>
          {name}
        </Typography>
        {depth ? (
          <ItemActions
            path={path}
            index={index}
            count={siblings.length}
            name={`${level} “${name}”`}
            canRemove={siblings.length > (limit?.min ?? 0)}
            onMove={(by) => onSelect([...parent, index + by])}
            onRemove={() => onSelect(parent)}
          />
        ) : null}
      </Stack>
      {depth > 0 && siblings.length <= (limit?.min ?? 0) ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {limit?.rule} This one cannot be removed.
        </Typography>
      ) : null}
      {depth === 0 ? <ProgramFields /> : null}
      {depth === 1 ? <MilestoneFields path={path} /> : null}
      {depth === 2 ? <MissionFields path={path} /> : null}
      {depth === 3 ? <StepFields path={path} /> : null}
      {children && childLimit ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={children.items.length >= childLimit.max}
            onClick={() => {
              set('', appendIn(doc, join(path, children.list), children.make()));
              onSelect([...address, children.items.length]);
            }}
          >
            Add a {LEVEL_NAMES[depth]}
          </Button>
          {children.items.length >= childLimit.max ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {childLimit.rule}
            </Typography>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
