import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { LandingBatch, LandingRecall } from '@product-console/shared';

/*
 * A recall notice (decision 079) and the scanned batch's facts (decision 076). The notice keeps its
 * own black, white and signal red in every design, so that it can never pass for the brand's
 * marketing; it comes first on the page, as an alert.
 */

const Notice = styled.section`
  display: grid;
  gap: 10px;
  margin: 0 0 16px;
  padding: 18px 16px;
  background: #ffffff;
  color: #111111;
  border: 4px solid #111111;
  border-top: 12px solid #c00000;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  line-height: 1.45;
  h2 { margin: 0; font-size: 22px; font-weight: 800; letter-spacing: 0.01em; text-transform: uppercase; }
  h3 { margin: 0; font-size: 14px; font-weight: 700; text-transform: uppercase; }
  p { margin: 0; font-size: 16px; white-space: pre-line; overflow-wrap: anywhere; }
`;

export function RecallNotice({ recall }: { recall: LandingRecall }) {
  const intl = useIntl();
  return (
    <Notice role="alert" lang={intl.locale} data-testid="landing-recall" aria-labelledby={`recall-${recall.recallId}`}>
      <h2 id={`recall-${recall.recallId}`}>
        <FormattedMessage id="recall.notice.title" />
      </h2>
      <p>
        {recall.lots.length > 0 ? (
          <FormattedMessage id="recall.notice.lots" values={{ lots: recall.lots.join(', ') }} />
        ) : (
          <FormattedMessage id="recall.notice.item" />
        )}{' '}
        <FormattedMessage id="recall.notice.since" values={{ date: <FormattedDate value={recall.startsAt} dateStyle="long" /> }} />
      </p>
      <h3>
        <FormattedMessage id="recall.notice.reason" />
      </h3>
      <p data-testid="landing-recall-reason">{recall.reason}</p>
      <h3>
        <FormattedMessage id="recall.notice.action" />
      </h3>
      <p data-testid="landing-recall-action">{recall.action}</p>
      <h3>
        <FormattedMessage id="recall.notice.contact" />
      </h3>
      <p>{recall.contact}</p>
    </Notice>
  );
}

const Facts = styled.dl<{ $fg: string }>`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 2px 12px;
  margin: 8px 0 0;
  font-size: 14px;
  color: ${({ $fg }) => $fg};
  dt { opacity: 0.75; }
  dd { margin: 0; }
`;

const Expired = styled.p`
  margin: 8px 0 0;
  padding: 8px 10px;
  border: 2px solid #111111;
  background: #ffffff;
  color: #111111;
  font-weight: 700;
`;

/** The scanned batch: lot, production and expiry (or best-before) days, and plainly when the date has passed. */
export function BatchFacts({ batch, fg }: { batch: LandingBatch; fg: string }) {
  const intl = useIntl();
  const day = (value: string) => <FormattedDate value={`${value}T00:00:00Z`} timeZone="UTC" dateStyle="medium" />;
  return (
    <div lang={intl.locale} data-testid="landing-batch">
      <Facts $fg={fg}>
        <dt>
          <FormattedMessage id="batches.landing.lot" />
        </dt>
        <dd>{batch.lot}</dd>
        {batch.productionDate ? (
          <>
            <dt>
              <FormattedMessage id="batches.landing.produced" />
            </dt>
            <dd>{day(batch.productionDate)}</dd>
          </>
        ) : null}
        {batch.expiryDate ? (
          <>
            <dt>
              <FormattedMessage id="batches.landing.expiry" />
            </dt>
            <dd data-testid="landing-batch-expiry">{day(batch.expiryDate)}</dd>
          </>
        ) : null}
        {batch.bestBeforeDate ? (
          <>
            <dt>
              <FormattedMessage id="batches.landing.bestBefore" />
            </dt>
            <dd>{day(batch.bestBeforeDate)}</dd>
          </>
        ) : null}
      </Facts>
      {batch.expired ? (
        <Expired role="status" data-testid="landing-batch-expired">
          <FormattedMessage id="batches.landing.expired" />
        </Expired>
      ) : null}
    </div>
  );
}
