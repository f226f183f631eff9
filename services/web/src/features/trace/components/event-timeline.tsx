import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { canonicalIdentifier, type PlaceSummary, type TraceEvent } from '@product-console/shared';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { SensorCharts } from '@/features/trace/components/sensor-chart';
import { placeWhere } from '@/lib/map/journey-places';
import { formatEventLocalTime, formatViewerTime } from '@/features/trace/model/event-time';
import { identifierWords, serialOfIdentifier, unitSymbol, useTraceWords } from '@/features/trace/model/trace-words';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 16px;
  position: relative;
  /* The line that joins the events, oldest at the top. */
  &::before {
    content: '';
    position: absolute;
    inset-block: 8px;
    inset-inline-start: 7px;
    width: 2px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

const Item = styled.li`
  position: relative;
  padding-inline-start: 30px;
  min-width: 0;
  &::before {
    content: '';
    position: absolute;
    top: 20px;
    inset-inline-start: 0;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    border: 3px solid ${({ theme }) => theme.colors.primary};
  }
  &[data-error='true']::before { border-color: ${({ theme }) => theme.colors.danger}; }
`;

const EventCard = styled(Card)<{ $highlight: boolean }>`
  padding: 16px 18px;
  display: grid;
  gap: 12px;
  ${({ $highlight, theme }) => ($highlight ? `box-shadow: 0 0 0 2px ${theme.colors.primary};` : '')}
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  h3 { font-size: 16px; font-weight: 700; margin: 0; margin-inline-end: 4px; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(96px, max-content) minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;
  font-size: 14px;
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 13px; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);
    dd { margin-bottom: 6px; }
  }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 13px;
`;

const ErrorNote = styled.p`
  margin: 0;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-size: 13px;
`;

/** How many identifiers of one event are listed before "and N more". */
const SHOWN_IDENTIFIERS = 5;

interface TimelineProps {
  events: TraceEvent[];
  /** The serial view's address of a serial of this product, to link its identifiers; none links when absent. */
  serialPath?: (serial: string) => string;
  /** The event just added: outlined and scrolled to. */
  highlightId?: string | null;
  /** The company's places the events name, by identifier: shown by name, town and country instead of their GLN. */
  places?: ReadonlyMap<string, PlaceSummary>;
}

function Fact({ term, children, testId }: { term: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** A product's or a serial's events, oldest first: what, where, when and why of each, in words. */
export function EventTimeline({ events, serialPath, highlightId, places = NO_PLACES }: TimelineProps) {
  return (
    <List data-testid="trace-timeline">
      {events.map((event) => (
        <Item key={event.eventId} data-error={event.errorDeclaration ? 'true' : 'false'}>
          <TimelineEvent event={event} serialPath={serialPath} highlight={event.eventId === highlightId} places={places} />
        </Item>
      ))}
    </List>
  );
}

const NO_PLACES: ReadonlyMap<string, PlaceSummary> = new Map();

/** A read point or business location: the place's name with its town and country (its GLN beneath), else the GLN in words. */
function PlaceWords({ identifier, places }: { identifier: string; places: ReadonlyMap<string, PlaceSummary> }) {
  const intl = useIntl();
  const place = places.get(canonicalIdentifier(identifier));
  if (!place) return <>{identifierWords(intl, identifier)}</>;
  const where = placeWhere(intl.locale, place);
  return (
    <>
      <strong data-testid="trace-place-name">{place.name}</strong>
      {where ? ` — ${where}` : ''}
      <br />
      <Muted>{identifierWords(intl, identifier)}</Muted>
    </>
  );
}

function TimelineEvent({ event, serialPath, highlight, places }: { event: TraceEvent; serialPath?: (serial: string) => string; highlight: boolean; places: ReadonlyMap<string, PlaceSummary> }) {
  const intl = useIntl();
  const words = useTraceWords();
  const identifier = (value: string) => {
    const text = identifierWords(intl, value);
    const serial = serialPath ? serialOfIdentifier(value) : null;
    return serial !== null && serialPath ? <Link to={serialPath(serial)}>{text}</Link> : text;
  };
  const what = `${words.eventType(event.eventType)}${event.action ? ` · ${words.action(event.action)}` : ''}`;
  const shown = event.epcs.slice(0, SHOWN_IDENTIFIERS);
  const typed = (rows: TraceEvent['sources']) =>
    rows.map((row, index) => (
      <li key={index}>
        {/* A location says so itself ("Location, GLN …"); a party's role is worth saying. */}
        {row.type && row.type !== 'location' ? <Muted>{words.sourceDestType(row.type)}: </Muted> : null}
        {identifier(row.value)}
      </li>
    ));

  return (
    <EventCard
      as="article"
      $highlight={highlight}
      data-testid="trace-event"
      data-event-id={event.eventId}
      ref={highlight ? (node: HTMLElement | null) => node?.scrollIntoView?.({ block: 'center' }) : undefined}
    >
      <Head>
        <h3 data-testid="trace-event-title">{event.bizStep ? words.bizStep(event.bizStep) : words.eventType(event.eventType)}</h3>
        <Badge $tone="primary">{what}</Badge>
        {event.errorDeclaration ? (
          <Badge $tone="danger" data-testid="trace-event-error">
            <FormattedMessage id="trace.event.errorDeclared" />
          </Badge>
        ) : null}
        {event.origin === 'capture' ? (
          <Badge>
            <FormattedMessage id="trace.event.captured" />
          </Badge>
        ) : null}
      </Head>
      {event.errorDeclaration ? (
        <ErrorNote role="note">
          <FormattedMessage
            id="trace.event.errorText"
            values={{
              time: intl.formatDate(event.errorDeclaration.declarationTime, { dateStyle: 'medium', timeStyle: 'short' }),
              reason: event.errorDeclaration.reason ? words.errorReason(event.errorDeclaration.reason) : intl.formatMessage({ id: 'trace.event.noReason' }),
            }}
          />
        </ErrorNote>
      ) : null}
      <Facts>
        <Fact term={<FormattedMessage id="trace.event.when" />} testId="trace-event-when">
          {formatEventLocalTime(intl, event.eventTime, event.eventTimeZoneOffset)}
          <br />
          <Muted>
            <FormattedMessage id="trace.event.yourTime" values={{ time: formatViewerTime(intl, event.eventTime) }} />
          </Muted>
        </Fact>
        {event.bizStep || event.disposition ? (
          <Fact term={<FormattedMessage id="trace.event.why" />} testId="trace-event-why">
            {[event.bizStep ? words.bizStep(event.bizStep) : null, event.disposition ? words.disposition(event.disposition) : null].filter(Boolean).join(' · ')}
          </Fact>
        ) : null}
        {event.readPoint || event.bizLocation ? (
          <Fact term={<FormattedMessage id="trace.event.where" />} testId="trace-event-where">
            <Lines>
              {event.readPoint ? (
                <li>
                  <Muted>
                    <FormattedMessage id="trace.event.readPoint" />:{' '}
                  </Muted>
                  <PlaceWords identifier={event.readPoint} places={places} />
                </li>
              ) : null}
              {event.bizLocation ? (
                <li>
                  <Muted>
                    <FormattedMessage id="trace.event.bizLocation" />:{' '}
                  </Muted>
                  <PlaceWords identifier={event.bizLocation} places={places} />
                </li>
              ) : null}
            </Lines>
          </Fact>
        ) : null}
        <Fact term={<FormattedMessage id="trace.event.what" />} testId="trace-event-what">
          <Lines>
            {event.parentId ? (
              <li>
                {/* An SSCC names itself a case or pallet; another parent's address needs saying what it is. */}
                {identifierWords(intl, event.parentId) === event.parentId ? (
                  <Muted>
                    <FormattedMessage id="trace.event.parent" />:{' '}
                  </Muted>
                ) : null}
                {identifierWords(intl, event.parentId)}
              </li>
            ) : null}
            {event.epcs.length ? (
              <li>
                <FormattedMessage id="trace.event.items" values={{ count: event.epcs.length }} />
                <Lines>
                  {shown.map((epc) => (
                    <li key={epc}>{identifier(epc)}</li>
                  ))}
                  {event.epcs.length > shown.length ? (
                    <li>
                      <Muted>
                        <FormattedMessage id="trace.event.more" values={{ count: event.epcs.length - shown.length }} />
                      </Muted>
                    </li>
                  ) : null}
                </Lines>
              </li>
            ) : null}
            {event.quantities.map((quantity, index) => (
              <li key={index}>
                {quantity.quantity !== null ? `${[intl.formatNumber(quantity.quantity), unitSymbol(quantity.uom)].filter(Boolean).join(' ')} × ` : null}
                {identifierWords(intl, quantity.epcClass)}
              </li>
            ))}
          </Lines>
        </Fact>
        {event.bizTransactions.length ? (
          <Fact term={<FormattedMessage id="trace.event.transactions" />} testId="trace-event-transactions">
            <Lines>
              {event.bizTransactions.map((row, index) => (
                <li key={index}>
                  {row.type ? <Muted>{words.bizTransactionType(row.type)}: </Muted> : null}
                  {row.value}
                </li>
              ))}
            </Lines>
          </Fact>
        ) : null}
        {event.sources.length ? (
          <Fact term={<FormattedMessage id="trace.event.from" />} testId="trace-event-from">
            <Lines>{typed(event.sources)}</Lines>
          </Fact>
        ) : null}
        {event.destinations.length ? (
          <Fact term={<FormattedMessage id="trace.event.to" />} testId="trace-event-to">
            <Lines>{typed(event.destinations)}</Lines>
          </Fact>
        ) : null}
      </Facts>
      {event.sensorReadings.length ? <SensorCharts readings={event.sensorReadings} /> : null}
    </EventCard>
  );
}
