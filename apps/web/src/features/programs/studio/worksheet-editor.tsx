import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { DocCheck, DocSelect, DocText, useDocument } from './document-fields';
import { ItemActions } from './item-actions';
import { appendIn, freshKey, getIn, join, newWorksheetField, type Step } from './program-document';

const KINDS = [
  { value: 'text', label: 'One line' },
  { value: 'textarea', label: 'Several lines' },
  { value: 'number', label: 'Number' },
];

/** A TOOL step's worksheet: its fields (with the required flag) and the optional template. */
export function WorksheetEditor({ stepPath }: { stepPath: string }) {
  const { doc, set } = useDocument();
  const fieldsPath = join(stepPath, 'worksheet.fields');
  const fields = (getIn(doc, fieldsPath) as NonNullable<Step['worksheet']>['fields'] | undefined) ?? [];
  return (
    <Stack spacing={2} component="section" aria-labelledby="worksheet-title">
      <Typography id="worksheet-title" variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 700 }}>
        Worksheet
      </Typography>
      {fields.map((field, i) => {
        const path = join(fieldsPath, i);
        const name = `field “${field.label || field.key}”`;
        return (
          <Card key={i} variant="outlined">
            <CardContent>
              <Stack spacing={2}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    Field {i + 1}: {field.label || field.key}
                  </Typography>
                  <ItemActions
                    path={path}
                    index={i}
                    count={fields.length}
                    name={name}
                    canRemove={fields.length > 1}
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <DocText path={join(path, 'label')} label="Label" required />
                  <DocText
                    path={join(path, 'key')}
                    label="Key"
                    help="kebab-case; founders' answers are kept by it"
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <DocSelect path={join(path, 'kind')} label="Kind of answer" options={KINDS} />
                  <DocCheck path={join(path, 'required')} label="Required before the step is done" />
                </Stack>
                <DocText path={join(path, 'help')} label="Help text" />
              </Stack>
            </CardContent>
          </Card>
        );
      })}
      <div>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set('', appendIn(doc, fieldsPath, newWorksheetField(freshKey(fields, 'new-field'))))}
        >
          Add a field
        </Button>
      </div>
      <DocText
        path={join(stepPath, 'worksheet.template')}
        label="Template file (optional)"
        help="A file name in the pack's templates folder (like interview-script.md) founders download"
        optional
      />
    </Stack>
  );
}
