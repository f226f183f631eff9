import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SERIAL_STATUSES, SERIAL_STATUS_REASON_MAX, type SerialStatusValue } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { DropZone } from '@/components/ui/drop-zone';
import { Field, Label } from '@/components/ui/field';
import { FieldError, FormSelect, Hint, TextArea } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { UPLOAD_MAX_BYTES } from '@/lib/files';
import { SERIAL_LIST_FILE_TYPES, uploadSerialStatusList, type SerialEntry } from '@/features/serials/api/qualifier-mutations';
import { importFailureOf, type ImportFailure } from '@/lib/import-problems';
import { SERIAL_STATUS_LABELS } from '@/features/serials/components/serial-status-badge';
import { ImportProblems } from '@/components/import-problems';

interface SerialStatusUploadProps {
  open: boolean;
  entry: Pick<SerialEntry, 'entryId' | 'entryPath'>;
  onClose: () => void;
  /** After a list changed statuses: the counts, for the caller's message and refresh. */
  onDone: (result: { changed: number; unchanged: number }) => Promise<void> | void;
}

/**
 * "Upload a list": a file of serials (xlsx, CSV, or text with one serial a line), the new status
 * and its reason; the upload shows its progress, and a refused list its lines (nothing changed).
 */
export function SerialStatusUpload({ open, entry, onClose, onDone }: SerialStatusUploadProps) {
  const intl = useIntl();
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [status, setStatus] = useState<SerialStatusValue>('deactivated');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ file?: string; reason?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<ImportFailure | null>(null);
  const running = progress !== null;

  function close() {
    if (running) return;
    setFiles([]);
    setReason('');
    setErrors({});
    setFailure(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!files[0]) problems.file = intl.formatMessage({ id: 'serials.upload.fileRequired' });
    if (status !== 'active' && reason.trim() === '') problems.reason = intl.formatMessage({ id: 'serials.statusDialog.reasonRequired' });
    setErrors(problems);
    if (problems.file || problems.reason) return;
    setFailure(null);
    setProgress(0);
    try {
      const result = await uploadSerialStatusList(files[0], entry, status, reason, setProgress);
      setProgress(null);
      await onDone(result);
      close();
    } catch (cause) {
      setFailure(importFailureOf(intl, cause));
    } finally {
      setProgress(null);
    }
  }

  return (
    <DialogRoot open={open} onOpenChange={(next) => !next && close()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={600} aria-busy={running} data-testid="serial-status-upload">
          <form onSubmit={(event) => void submit(event)} noValidate>
            <DialogTitle>
              <FormattedMessage id="serials.upload.title" />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage id="serials.upload.description" />
            </DialogDescription>
            <div style={{ display: 'grid', gap: 14, marginTop: 16 }}>
              <div>
                <DropZone
                  label={intl.formatMessage({ id: 'serials.upload.file' })}
                  testId="serial-status-file"
                  accept={SERIAL_LIST_FILE_TYPES}
                  maxBytes={UPLOAD_MAX_BYTES}
                  thumbnails={false}
                  files={files}
                  onChange={(next) => {
                    setFiles(next.slice(0, 1));
                    setFailure(null);
                  }}
                  progress={progress}
                  disabled={running}
                />
                {errors.file ? <FieldError role="alert">{errors.file}</FieldError> : null}
              </div>
              <Field>
                <Label htmlFor={`${id}-status`}>
                  <FormattedMessage id="serials.upload.status" />
                </Label>
                <FormSelect id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as SerialStatusValue)} data-testid="serial-status-upload-status">
                  {SERIAL_STATUSES.map((value) => (
                    <option key={value} value={value}>
                      {intl.formatMessage({ id: SERIAL_STATUS_LABELS[value] })}
                    </option>
                  ))}
                </FormSelect>
              </Field>
              <Field>
                <Label htmlFor={`${id}-reason`}>
                  <FormattedMessage id={status === 'active' ? 'serials.statusDialog.reasonOptional' : 'serials.statusDialog.reason'} />
                </Label>
                <TextArea
                  id={`${id}-reason`}
                  rows={2}
                  value={reason}
                  maxLength={SERIAL_STATUS_REASON_MAX}
                  aria-invalid={Boolean(errors.reason)}
                  aria-describedby={`${id}-reason-hint`}
                  onChange={(event) => setReason(event.target.value)}
                  data-testid="serial-status-upload-reason"
                />
                {errors.reason ? (
                  <FieldError id={`${id}-reason-hint`} role="alert">
                    {errors.reason}
                  </FieldError>
                ) : (
                  <Hint id={`${id}-reason-hint`}>
                    <FormattedMessage id="serials.statusDialog.reasonHint" values={{ max: SERIAL_STATUS_REASON_MAX }} />
                  </Hint>
                )}
              </Field>
            </div>
            {failure ? <ImportProblems failure={failure} onClose={() => setFailure(null)} captionId="serials.upload.badLines" testId="serials-import-error" /> : null}
            <DialogActions>
              <Button type="button" $variant="outline" onClick={close} disabled={running}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button type="submit" $variant={status === 'active' ? 'primary' : 'danger'} disabled={running} data-testid="serial-status-upload-submit">
                {running ? <Spinner size={16} /> : null}
                <FormattedMessage id="serials.upload.submit" />
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
