import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LINK_TYPES, type Batch } from '@product-console/shared';
import { DeleteIconButton } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Input, Label, Select } from '@/components/ui/field';
import { Row } from '@/components/ui/form-controls';
import { Spinner } from '@/components/ui/spinner';
import { addBatchLink, deleteBatchLink, useBatchLinks } from '@/features/batches/api/batches';

interface BatchLinksDialogProps {
  batch: Batch | null;
  canWrite: boolean;
  onChanged: () => Promise<unknown>;
  onClose: () => void;
  errorOf: (cause: unknown) => string;
}

/** A batch's own links (a batch certificate, a lab report): resolved for its lot before the product's. */
export function BatchLinksDialog({ batch, canWrite, onChanged, onClose, errorOf }: BatchLinksDialogProps) {
  const intl = useIntl();
  const id = useId();
  const links = useBatchLinks(batch?.batchId ?? null);
  const [linkType, setLinkType] = useState<string>('gs1:certificationInfo');
  const [targetUrl, setTargetUrl] = useState('');
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!batch) return null;

  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      await Promise.all([links.mutate(), onChanged()]);
      return true;
    } catch (cause) {
      setFailure(errorOf(cause));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => addBatchLink(batch!.batchId, { linkType, targetUrl, title }))) {
      setTargetUrl('');
      setTitle('');
    }
  }

  return (
    <DialogRoot open onOpenChange={(open) => (!open ? onClose() : undefined)}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={560} data-testid="batch-links-dialog">
          <DialogTitle>
            <FormattedMessage id="batches.links.title" values={{ lot: batch.lot }} />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="batches.links.description" />
          </DialogDescription>
          {links.data?.result.length === 0 ? (
            <p data-testid="batch-links-empty">
              <FormattedMessage id="batches.links.empty" />
            </p>
          ) : (
            <ul data-testid="batch-links">
              {links.data?.result.map((link) => (
                <li key={link.batchLinkId}>
                  <strong>{link.title}</strong> ({link.linkType}){' '}
                  <a href={link.targetUrl} target="_blank" rel="noreferrer">
                    {link.targetUrl}
                  </a>
                  {canWrite ? (
                    <DeleteIconButton
                      label={intl.formatMessage({ id: 'batches.links.delete' }, { title: link.title })}
                      onClick={() => void run(() => deleteBatchLink(batch.batchId, link.batchLinkId))}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {canWrite ? (
            <form onSubmit={(event) => void add(event)}>
              <Row>
                <Field>
                  <Label htmlFor={`${id}-type`}>
                    <FormattedMessage id="batches.links.type" />
                  </Label>
                  <Select id={`${id}-type`} value={linkType} onChange={(event) => setLinkType(event.target.value)}>
                    {LINK_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field>
                  <Label htmlFor={`${id}-title`}>
                    <FormattedMessage id="batches.links.linkTitle" />
                  </Label>
                  <Input id={`${id}-title`} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
                </Field>
              </Row>
              <Field>
                <Label htmlFor={`${id}-url`}>
                  <FormattedMessage id="batches.links.url" />
                </Label>
                <Input id={`${id}-url`} type="url" required value={targetUrl} onChange={(event) => setTargetUrl(event.target.value)} data-testid="batch-link-url" />
              </Field>
              <DialogActions>
                <Button type="submit" disabled={busy || targetUrl.trim() === ''} data-testid="batch-link-add">
                  {busy ? <Spinner size={14} /> : null}
                  <FormattedMessage id="batches.links.add" />
                </Button>
              </DialogActions>
            </form>
          ) : null}
          {failure ? <FormAlert role="alert">{failure}</FormAlert> : null}
          <DialogActions>
            <Button type="button" $variant="outline" onClick={onClose}>
              <FormattedMessage id="batches.links.close" />
            </Button>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
