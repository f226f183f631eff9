import { useState } from 'react';
import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ROLE, type Recall } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AlertIcon, DownloadIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { PagerFooter } from '@/components/paged-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { showSnackbar } from '@/lib/snackbar';
import { endRecall, recallScansExportUrl, startRecall, useProductRecalls, useRecallScans, type RecallForm } from '@/features/recalls/api/recalls';
import { RecallDialog } from '@/features/recalls/components/recall-dialog';

const PAGE_SIZE = 5;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 22px 12px;
  display: grid;
  gap: 12px;
`;

const Item = styled.li`
  display: grid;
  gap: 6px;
  padding: 12px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  p { margin: 0; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  a { display: inline-flex; gap: 6px; align-items: center; }
`;

const TONES = { active: 'danger', scheduled: 'warning', ended: 'neutral' } as const;

function ScansByCountry({ recallId }: { recallId: number }) {
  const intl = useIntl();
  const scans = useRecallScans(recallId);
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
  if (!scans.data) return null;
  if (scans.data.result.length === 0) {
    return (
      <p>
        <FormattedMessage id="recall.scans.none" />
      </p>
    );
  }
  return (
    <ul data-testid={`recall-scans-${recallId}`}>
      {scans.data.result.map((row) => (
        <li key={row.country ?? ''}>
          {row.country ? names.of(row.country) : intl.formatMessage({ id: 'recall.scans.unknownCountry' })}: {row.scans}
        </li>
      ))}
    </ul>
  );
}

/** A product's recalls (decision 079): what each reaches, its state, the scans since its start by country (CSV for the authority); managers start and end them. */
export function RecallsCard({ productId }: { productId: number }) {
  const intl = useIntl();
  const user = useCurrentUser();
  const canRecall = user !== null && user !== undefined && user.roleId <= ROLE.MANAGER;
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);
  const [ending, setEnding] = useState<Recall | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const list = useProductRecalls(productId, page, PAGE_SIZE);
  const errorOf = (cause: unknown) => apiErrorMessage(intl, cause);

  async function start(form: RecallForm) {
    await startRecall(productId, form);
    showSnackbar(intl.formatMessage({ id: 'recall.started' }), 'success');
    setPage(1);
    await list.mutate();
  }

  async function end(recall: Recall) {
    try {
      await endRecall(recall.recallId);
      showSnackbar(intl.formatMessage({ id: 'recall.ended' }), 'success');
    } catch (cause) {
      showSnackbar(errorOf(cause), 'error');
      throw cause;
    } finally {
      await list.mutate();
    }
  }

  return (
    <Card data-testid="recalls-card" id="recalls">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="recall.title" />
        </CardTitle>
        {canRecall ? (
          <Button $size="sm" $variant="danger" onClick={() => setStarting(true)} data-testid="recall-start">
            <AlertIcon size={16} />
            <FormattedMessage id="recall.start.open" />
          </Button>
        ) : null}
      </CardHeader>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="recalls"
        skeleton={{ rows: 1, height: '48px' }}
        emptyIcon={<AlertIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="recall.empty" />
          </p>
        }
      >
        {(recalls) => (
          <List>
            {recalls.map((recall) => (
              <Item key={recall.recallId} data-testid={`recall-${recall.recallId}`}>
                <Actions>
                  <Badge $tone={TONES[recall.status]}>
                    <FormattedMessage id={`recall.status.${recall.status}`} />
                  </Badge>
                  <strong>
                    {recall.scope === 'batches' ? (
                      <FormattedMessage id="recall.reach.batches" values={{ lots: recall.batches.map((batch) => batch.lot).join(', ') }} />
                    ) : recall.scope === 'serials' ? (
                      <FormattedMessage id="recall.reach.serials" values={{ from: recall.serialFrom, to: recall.serialTo }} />
                    ) : (
                      <FormattedMessage id="recall.reach.product" />
                    )}
                  </strong>
                  <span>
                    <FormattedDate value={recall.startsAt} dateStyle="medium" timeStyle="short" />
                    {recall.endedAt ? (
                      <>
                        {' – '}
                        <FormattedDate value={recall.endedAt} dateStyle="medium" timeStyle="short" />
                      </>
                    ) : null}
                  </span>
                </Actions>
                <p>{recall.reason}</p>
                <Actions>
                  <Button $size="sm" $variant="ghost" aria-expanded={open === recall.recallId} onClick={() => setOpen(open === recall.recallId ? null : recall.recallId)}>
                    <FormattedMessage id="recall.scans.count" values={{ count: recall.scans }} />
                  </Button>
                  <a href={recallScansExportUrl(recall.recallId)} download data-testid={`recall-export-${recall.recallId}`}>
                    <DownloadIcon size={16} />
                    <FormattedMessage id="recall.scans.export" />
                  </a>
                  {canRecall && recall.status !== 'ended' ? (
                    <Button $size="sm" $variant="outline" onClick={() => setEnding(recall)} data-testid={`recall-end-${recall.recallId}`}>
                      <FormattedMessage id="recall.end" />
                    </Button>
                  ) : null}
                </Actions>
                {open === recall.recallId ? <ScansByCountry recallId={recall.recallId} /> : null}
              </Item>
            ))}
          </List>
        )}
      </ListBody>
      <PagerFooter pageInfo={list.data?.pageInfo} page={page} onPage={setPage} />
      <RecallDialog productId={productId} open={starting} onStart={start} onClose={() => setStarting(false)} errorOf={errorOf} />
      <ConfirmDialog
        payload={ending}
        onConfirm={end}
        onClose={() => setEnding(null)}
        title={<FormattedMessage id="recall.endConfirm.title" />}
        description={<FormattedMessage id="recall.endConfirm.description" />}
        confirmLabel={<FormattedMessage id="recall.end" />}
      />
    </Card>
  );
}
