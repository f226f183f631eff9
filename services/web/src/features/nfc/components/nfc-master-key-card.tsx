import { useState } from 'react';
import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { NfcNewMasterKey } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AlertIcon, DownloadIcon, NfcIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { ColumnHeads } from '@/components/paged-table';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { DialogActions, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showSnackbar } from '@/lib/snackbar';
import { generateNfcMasterKey } from '@/features/nfc/api/generate-nfc-master-key';
import { NFC_MASTER_KEYS_KEY, useNfcMasterKeys } from '@/features/nfc/api/get-nfc-master-keys';
import { CopyButton } from '@/features/nfc/components/copy-button';

const Intro = styled.p`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  margin-bottom: 12px;
`;

const KeyText = styled.code`
  display: block;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 15px;
  letter-spacing: 0.05em;
  overflow-wrap: anywhere;
  user-select: all;
`;

const Warning = styled.p`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: 12px 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.danger};
`;

/** A text file holding the key, for the tag encoder. */
function downloadKey(key: NfcNewMasterKey) {
  const url = URL.createObjectURL(new Blob([`${key.key}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `nfc-master-key-${key.id}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The new key, once: copy or download it, with the warning that it will not be shown again. */
function NewKeyDialog({ created, onClose }: { created: NfcNewMasterKey | null; onClose: () => void }) {
  const intl = useIntl();
  return (
    <DialogRoot open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent data-testid="nfc-new-key-dialog" $width={520}>
          <DialogTitle>
            <FormattedMessage id="nfcKey.newTitle" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="nfcKey.newDescription" />
          </DialogDescription>
          {created ? (
            <>
              <KeyText data-testid="nfc-new-key">{created.key}</KeyText>
              <Warning role="alert">
                <AlertIcon size={18} />
                <FormattedMessage id="nfcKey.warning" />
              </Warning>
              <DialogActions>
                <CopyButton text={created.key} label={intl.formatMessage({ id: 'nfcKey.copy' })} testId="nfc-new-key-copy" />
                <Button $size="sm" $variant="outline" onClick={() => downloadKey(created)} data-testid="nfc-new-key-download">
                  <DownloadIcon size={14} />
                  <FormattedMessage id="nfcKey.download" />
                </Button>
                <Button onClick={onClose} data-testid="nfc-new-key-done">
                  <FormattedMessage id="nfcKey.done" />
                </Button>
              </DialogActions>
            </>
          ) : null}
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}

/**
 * The company's NFC master key (managers): its keys without their values, and a generation (first
 * key or rotation) after a confirmation, the new key shown once.
 */
export function NfcMasterKeyCard() {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const keys = useNfcMasterKeys();
  const [asking, setAsking] = useState<true | null>(null);
  const [created, setCreated] = useState<NfcNewMasterKey | null>(null);
  const hasActive = keys.data?.result.some((key) => key.status === 'active') ?? false;

  async function generate() {
    try {
      setCreated(await generateNfcMasterKey());
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
      throw cause;
    } finally {
      await mutate(NFC_MASTER_KEYS_KEY);
    }
  }

  return (
    <Card data-testid="nfc-master-key-card">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="nfcKey.title" />
        </CardTitle>
        <Button $size="sm" onClick={() => setAsking(true)} disabled={!keys.data} data-testid="nfc-key-generate">
          <FormattedMessage id={hasActive ? 'nfcKey.rotate' : 'nfcKey.generate'} />
        </Button>
      </CardHeader>
      <CardBody>
        <Intro>
          <FormattedMessage id="nfcKey.intro" />
        </Intro>
      </CardBody>
      <ListBody
        items={keys.data?.result}
        error={keys.error}
        onRetry={() => void keys.mutate()}
        testId="nfc-keys"
        skeleton={{ rows: 1, height: '36px' }}
        emptyIcon={<NfcIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="nfcKey.none" />
          </p>
        }
      >
        {(rows) => (
          <TableScroll>
            <Table data-testid="nfc-keys-table">
              <ColumnHeads columns={['nfcKey.column.status', 'nfcKey.column.created', 'nfcKey.column.retired', 'nfcKey.column.tags']} />
              <tbody>
                {rows.map((key) => (
                  <tr key={key.id} data-testid={`nfc-key-${key.id}`}>
                    <Cell label="nfcKey.column.status">
                      <FormattedMessage id={key.status === 'active' ? 'nfcKey.status.active' : 'nfcKey.status.retired'} />
                    </Cell>
                    <Cell label="nfcKey.column.created">
                      <FormattedDate value={key.createdAt} dateStyle="medium" timeStyle="short" />
                    </Cell>
                    <Cell label="nfcKey.column.retired">{key.retiredAt ? <FormattedDate value={key.retiredAt} dateStyle="medium" timeStyle="short" /> : '—'}</Cell>
                    <Cell label="nfcKey.column.tags">{key.tags}</Cell>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <ConfirmDialog
        payload={asking}
        onConfirm={generate}
        onClose={() => setAsking(null)}
        title={<FormattedMessage id={hasActive ? 'nfcKey.confirmRotateTitle' : 'nfcKey.confirmTitle'} />}
        description={<FormattedMessage id={hasActive ? 'nfcKey.confirmRotate' : 'nfcKey.confirmFirst'} />}
        confirmLabel={<FormattedMessage id="nfcKey.confirm" />}
      />
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
