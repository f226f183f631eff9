import { useEffect, useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import {
  CODE_EXPORT_FORMATS,
  CODE_PNG_SIZES,
  PAPER_SIZES_MM,
  codeExportBodySchema,
  labelLayoutSchema,
  type CodeExportFormat,
  type CodeExportInput,
  type CodeJob,
  type CodeSelection,
  type PaperSize,
} from '@product-console/shared';
import { Input, Select } from '@/components/ui/field';
import { Fieldset, Hint, Inline, Legend } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';
import { exportCodes } from '@/lib/code-jobs';
import { JobDialog, JobField, useJobSubmit } from '@/components/code-jobs/job-dialog';

export const FORMAT_LABELS: Record<CodeExportFormat, MessageId> = {
  pdf: 'bulkCodes.format.pdf',
  'svg-zip': 'bulkCodes.format.svgZip',
  'png-zip': 'bulkCodes.format.pngZip',
  csv: 'bulkCodes.format.csv',
};

/** What to export: a selection and how the dialog names it. */
export interface ExportRequest {
  selection: CodeSelection;
  /** `all`, the number of selected serials, or the generation's first and last serial. */
  count?: number;
  range?: string;
  /** The batch's lot, for a batch's codes. */
  lot?: string;
}

const LAYOUT_FIELDS = ['labelWidthMm', 'labelHeightMm', 'columns', 'rows', 'marginTopMm', 'marginLeftMm', 'gapXMm', 'gapYMm'] as const;
type LayoutField = (typeof LAYOUT_FIELDS)[number];
const LAYOUT_LABELS: Record<LayoutField, MessageId> = {
  labelWidthMm: 'bulkCodes.layout.labelWidth',
  labelHeightMm: 'bulkCodes.layout.labelHeight',
  columns: 'bulkCodes.layout.columns',
  rows: 'bulkCodes.layout.rows',
  marginTopMm: 'bulkCodes.layout.marginTop',
  marginLeftMm: 'bulkCodes.layout.marginLeft',
  gapXMm: 'bulkCodes.layout.gapX',
  gapYMm: 'bulkCodes.layout.gapY',
};

const DEFAULT_LAYOUT = labelLayoutSchema.parse({});

interface Values extends Record<LayoutField, string> {
  format: CodeExportFormat;
  size: string;
  lot: string;
  expiry: string;
  paper: PaperSize;
}

const INITIAL: Values = {
  format: 'pdf',
  size: '512',
  lot: '',
  expiry: '',
  paper: DEFAULT_LAYOUT.paper,
  ...(Object.fromEntries(LAYOUT_FIELDS.map((name) => [name, String(DEFAULT_LAYOUT[name])])) as Record<LayoutField, string>),
};

/** Each control by the body's field it fills. */
const CONTROLS: Record<string, string> = {
  format: 'format',
  size: 'size',
  lot: 'lot',
  expiry: 'expiry',
  'layout.paper': 'paper',
  ...Object.fromEntries(LAYOUT_FIELDS.map((name) => [`layout.${name}`, name])),
};

function bodyOf(productId: number, selection: CodeSelection, values: Values): CodeExportInput {
  const body: CodeExportInput = { productId, format: values.format, selection };
  if (values.format === 'png-zip') body.size = Number(values.size) as CodeExportInput['size'];
  if (values.format === 'pdf') {
    // A batch's labels print the batch's own lot and dates.
    if (selection.kind !== 'batch' && values.lot.trim()) body.lot = values.lot.trim();
    if (selection.kind !== 'batch' && values.expiry) body.expiry = values.expiry;
    body.layout = { paper: values.paper, ...(Object.fromEntries(LAYOUT_FIELDS.map((name) => [name, Number(values[name])])) as Record<LayoutField, number>) };
  }
  return body;
}

function describeSelection(intl: IntlShape, request: ExportRequest): string {
  switch (request.selection.kind) {
    case 'all':
      return intl.formatMessage({ id: 'bulkCodes.export.all' });
    case 'serials':
      return intl.formatMessage({ id: 'bulkCodes.export.selected' }, { count: request.count ?? request.selection.qualifierIds.length });
    case 'generation':
      return intl.formatMessage({ id: 'bulkCodes.export.generation' }, { range: request.range ?? '' });
    case 'batch':
      return intl.formatMessage({ id: 'bulkCodes.export.batch' }, { lot: request.lot ?? '' });
  }
}

interface CodeExportDialogProps {
  productId: number;
  request: ExportRequest | null;
  onClose: () => void;
  onQueued: (job: CodeJob) => void;
}

/** Exports codes for print (label sheets, image files or the serials' Digital Links); the file is made by a job. */
export function CodeExportDialog({ productId, request, onClose, onQueued }: CodeExportDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [values, setValues] = useState<Values>(INITIAL);
  const job = useJobSubmit<CodeExportInput>(codeExportBodySchema, CONTROLS, exportCodes);
  const { errors, reset } = job;

  useEffect(() => {
    reset();
  }, [request]);

  if (!request) return null;
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  async function submit() {
    if (!request) return;
    const queued = await job.submit(bodyOf(productId, request.selection, values));
    if (!queued) return;
    onQueued(queued);
    onClose();
  }

  const field = (name: string, label: ReactNode, input: ReactNode) => (
    <JobField key={name} id={`${id}-${name}`} label={label} error={errors[name]} testId={`code-export-error-${name}`}>
      {input}
    </JobField>
  );
  const inputProps = (name: keyof Values) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${id}-${name}-hint` : undefined,
    'data-testid': `code-export-${name}`,
  });
  const what = describeSelection(intl, request);

  return (
    <JobDialog
      title="bulkCodes.export.title"
      description={what}
      submitLabel="bulkCodes.export.submit"
      testId="code-export"
      width={640}
      running={job.running}
      failure={job.failure}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Inline $gap={12} style={{ marginTop: 16, alignItems: 'flex-start' }}>
        {field(
          'format',
          <FormattedMessage id="bulkCodes.format" />,
          <Select {...inputProps('format')}>
            {CODE_EXPORT_FORMATS.map((format) => (
              <option key={format} value={format}>
                {intl.formatMessage({ id: FORMAT_LABELS[format] })}
              </option>
            ))}
          </Select>,
        )}
        {values.format === 'png-zip'
          ? field(
              'size',
              <FormattedMessage id="bulkCodes.pngSize" />,
              <Select {...inputProps('size')}>
                {CODE_PNG_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {intl.formatMessage({ id: 'qr.pixels' }, { size })}
                  </option>
                ))}
              </Select>,
            )
          : null}
      </Inline>
      {values.format === 'pdf' ? (
        <>
          {request.selection.kind === 'batch' ? (
            <Hint as="p" style={{ marginTop: 12 }} data-testid="code-export-batch-marks">
              <FormattedMessage id="bulkCodes.export.batchMarks" />
            </Hint>
          ) : (
            <Inline $gap={12} style={{ marginTop: 12, alignItems: 'flex-start' }}>
              {field('lot', <FormattedMessage id="bulkCodes.lot" />, <Input maxLength={20} {...inputProps('lot')} />)}
              {field('expiry', <FormattedMessage id="bulkCodes.expiry" />, <Input type="date" {...inputProps('expiry')} />)}
            </Inline>
          )}
          <Fieldset $gap={8} style={{ marginTop: 12 }}>
            <Legend>
              <FormattedMessage id="bulkCodes.layout" />
            </Legend>
            <Inline $gap={12} style={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
              {field(
                'paper',
                <FormattedMessage id="bulkCodes.layout.paper" />,
                <Select {...inputProps('paper')}>
                  {Object.keys(PAPER_SIZES_MM).map((paper) => (
                    <option key={paper} value={paper}>
                      {paper}
                    </option>
                  ))}
                </Select>,
              )}
              {LAYOUT_FIELDS.map((name) =>
                field(
                  name,
                  <FormattedMessage id={LAYOUT_LABELS[name]} />,
                  <Input type="number" step={name === 'columns' || name === 'rows' ? 1 : 0.1} min={0} style={{ width: 110 }} {...inputProps(name)} />,
                ),
              )}
            </Inline>
          </Fieldset>
        </>
      ) : null}
    </JobDialog>
  );
}
