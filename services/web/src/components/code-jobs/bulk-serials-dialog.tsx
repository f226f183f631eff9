import { useEffect, useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  BULK_CODES_MAX,
  SERIAL_ALPHABET_NAMES,
  SERIAL_ALPHABETS,
  minimumRandomLength,
  sequentialSerial,
  serialGenerationBodySchema,
  type CodeJob,
  type SerialAlphabet,
  type SerialGenerationInput,
} from '@product-console/shared';
import { Input, Select } from '@/components/ui/field';
import { Fieldset, Hint, Inline, Legend } from '@/components/ui/form-controls';
import type { MessageId } from '@/lib/i18n';
import { generateSerials } from '@/lib/code-jobs';
import { JobDialog, JobField, useJobSubmit } from '@/components/code-jobs/job-dialog';

const ALPHABET_LABELS: Record<SerialAlphabet, MessageId> = {
  numeric: 'bulkCodes.alphabet.numeric',
  upper: 'bulkCodes.alphabet.upper',
  upperNumeric: 'bulkCodes.alphabet.upperNumeric',
  alphanumeric: 'bulkCodes.alphabet.alphanumeric',
  unambiguous: 'bulkCodes.alphabet.unambiguous',
};

/** Each control by the body's field it fills. */
const CONTROLS = { count: 'count', prefix: 'prefix', start: 'start', padding: 'padding', alphabet: 'alphabet', length: 'length' };

interface Values {
  mode: 'sequential' | 'random';
  count: string;
  prefix: string;
  start: string;
  padding: string;
  alphabet: SerialAlphabet;
  length: string;
}

const INITIAL: Values = { mode: 'random', count: '1000', prefix: '', start: '1', padding: '6', alphabet: 'unambiguous', length: '10' };

function bodyOf(productId: number, batchId: number | undefined, values: Values): SerialGenerationInput {
  const count = Number(values.count);
  const common = { productId, ...(batchId === undefined ? {} : { batchId }), count, prefix: values.prefix };
  if (values.mode === 'sequential') return { mode: 'sequential', ...common, start: Number(values.start), padding: Number(values.padding) };
  return { mode: 'random', ...common, alphabet: values.alphabet, length: Number(values.length) };
}

/** What the first serials will look like (random ones drawn here only as an example). */
function examples(values: Values): string[] {
  if (values.mode === 'sequential') {
    const start = Number(values.start) || 0;
    return [0, 1, 2].map((offset) => sequentialSerial(values.prefix, start + offset, Number(values.padding) || 0));
  }
  const alphabet = SERIAL_ALPHABETS[values.alphabet];
  const length = Math.min(Number(values.length) || 0, 20);
  return [0, 1].map(() => values.prefix + Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join(''));
}

interface BulkSerialsDialogProps {
  open: boolean;
  productId: number;
  /** The batch the serials are to belong to; absent: the product alone. */
  batch?: { batchId: number; lot: string };
  onClose: () => void;
  onQueued: (job: CodeJob) => void;
}

/** Generates serials in bulk: sequential from a start, or random from an alphabet; the work runs as a job. */
export function BulkSerialsDialog({ open, productId, batch, onClose, onQueued }: BulkSerialsDialogProps) {
  const intl = useIntl();
  const id = useId();
  const [values, setValues] = useState<Values>(INITIAL);
  const job = useJobSubmit<SerialGenerationInput>(serialGenerationBodySchema, CONTROLS, generateSerials);
  const { errors, reset } = job;

  useEffect(() => {
    if (!open) return;
    setValues(INITIAL);
    reset();
  }, [open]);

  if (!open) return null;
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value }));

  async function submit() {
    const queued = await job.submit(bodyOf(productId, batch?.batchId, values));
    if (!queued) return;
    onQueued(queued);
    onClose();
  }

  const field = (name: keyof typeof CONTROLS, label: MessageId, input: ReactNode, hint?: ReactNode) => (
    <JobField id={`${id}-${name}`} label={<FormattedMessage id={label} />} error={errors[name]} hint={hint} testId={`bulk-serials-error-${name}`}>
      {input}
    </JobField>
  );
  const inputProps = (name: keyof typeof CONTROLS) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: set(name),
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': `${id}-${name}-hint`,
    'data-testid': `bulk-serials-${name}`,
  });

  return (
    <JobDialog
      title="bulkCodes.generate.title"
      description={
        <>
          <FormattedMessage id="bulkCodes.generate.description" values={{ max: BULK_CODES_MAX }} />
          {batch ? (
            <>
              {' '}
              <FormattedMessage id="bulkCodes.generate.forBatch" values={{ lot: batch.lot }} />
            </>
          ) : null}
        </>
      }
      submitLabel="bulkCodes.generate.submit"
      testId="bulk-serials"
      width={560}
      running={job.running}
      failure={job.failure}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Fieldset $gap={8} style={{ marginTop: 16 }}>
        <Legend>
          <FormattedMessage id="bulkCodes.mode" />
        </Legend>
        <Inline $gap={16}>
          {(['random', 'sequential'] as const).map((mode) => (
            <label key={mode}>
              <input type="radio" name={`${id}-mode`} value={mode} checked={values.mode === mode} onChange={set('mode')} data-testid={`bulk-serials-mode-${mode}`} />{' '}
              <FormattedMessage id={mode === 'random' ? 'bulkCodes.mode.random' : 'bulkCodes.mode.sequential'} />
            </label>
          ))}
        </Inline>
      </Fieldset>
      <Inline $gap={12} style={{ marginTop: 12, alignItems: 'flex-start' }}>
        {field('count', 'bulkCodes.count', <Input type="number" min={1} max={BULK_CODES_MAX} {...inputProps('count')} />)}
        {field('prefix', 'bulkCodes.prefix', <Input maxLength={19} {...inputProps('prefix')} />)}
      </Inline>
      {values.mode === 'sequential' ? (
        <Inline $gap={12} style={{ marginTop: 12, alignItems: 'flex-start' }}>
          {field('start', 'bulkCodes.start', <Input type="number" min={0} {...inputProps('start')} />)}
          {field('padding', 'bulkCodes.padding', <Input type="number" min={0} max={20} {...inputProps('padding')} />, <FormattedMessage id="bulkCodes.padding.hint" />)}
        </Inline>
      ) : (
        <Inline $gap={12} style={{ marginTop: 12, alignItems: 'flex-start' }}>
          {field(
            'alphabet',
            'bulkCodes.alphabet',
            <Select {...inputProps('alphabet')}>
              {SERIAL_ALPHABET_NAMES.map((name) => (
                <option key={name} value={name}>
                  {intl.formatMessage({ id: ALPHABET_LABELS[name] })}
                </option>
              ))}
            </Select>,
          )}
          {field(
            'length',
            'bulkCodes.length',
            <Input type="number" min={1} max={20} {...inputProps('length')} />,
            <FormattedMessage id="bulkCodes.length.hint" values={{ min: minimumRandomLength(values.alphabet) }} />,
          )}
        </Inline>
      )}
      <Hint as="p" style={{ marginTop: 12 }} data-testid="bulk-serials-example">
        <FormattedMessage id="bulkCodes.example" values={{ serials: examples(values).join(', ') }} />
      </Hint>
    </JobDialog>
  );
}
