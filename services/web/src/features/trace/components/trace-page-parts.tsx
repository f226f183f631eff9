import { useEffect, type ReactNode } from 'react';
import styled, { useTheme } from 'styled-components';
import { useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageInfo } from '@product-console/shared';
import type { SWRResponse } from 'swr';
import { TraceIcon } from '@/components/icons';
import { JourneyMap } from '@/components/journey-map';
import { journeyPlaces } from '@/lib/map/journey-places';
import { ListError, ListSkeleton, StateBlock } from '@/components/list-body';
import { lastPageOf, PagerFooter } from '@/components/paged-table';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isNotTraced, useTraceStatus, type TraceAnswer } from '@/features/trace/api/get-trace';
import { EventTimeline } from '@/features/trace/components/event-timeline';
import { StartTracingButton } from '@/features/trace/components/start-tracing-button';

/** Events per page of a timeline. */
export const TIMELINE_PAGE_SIZE = 10;

/** The timeline beside what it is about (serials, parents); one column below `md`. */
export const TraceLayout = styled.div`
  display: grid;
  gap: 24px;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 1024px) {
    grid-template-columns: minmax(0, 1fr) 300px;
    align-items: start;
  }
`;

export const SideCard = styled(Card)`
  padding: 16px 18px;
  display: grid;
  gap: 10px;
  h2 { font-size: 15px; font-weight: 600; margin: 0; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
  li { overflow-wrap: anywhere; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 14px; }
`;

export const TimelineCard = styled(Card)`
  padding: 18px;
  display: grid;
  gap: 12px;
  min-width: 0;
  > [data-testid='pager'] { margin: 0 -18px -18px; }
`;

export const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** The timeline's page, kept in the address; `?added={eventId}` outlines an event just added. */
export function useTimelinePage(): { page: number; setPage: (page: number) => void; highlightId: string | null } {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('page');
  const page = raw === 'last' ? 1 : Math.max(1, Number(raw) || 1);
  const setPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    params.set('page', String(next));
    params.delete('added');
    setSearchParams(params, { replace: true });
  };
  return { page, setPage, highlightId: searchParams.get('added') };
}

/**
 * `?page=last` (where the add-event form sends the reader, the new event being the latest)
 * becomes the last page's number once the first page has told the total.
 */
export function useLastPageRedirect(pageInfo: PageInfo | undefined) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('page');
  useEffect(() => {
    if (raw !== 'last' || !pageInfo) return;
    const next = new URLSearchParams(searchParams);
    next.set('page', String(lastPageOf(pageInfo)));
    setSearchParams(next, { replace: true });
  }, [raw, pageInfo, searchParams, setSearchParams]);
}

/** A product that is not traced: what that means and, for a DPP product, the button that starts it. */
export function NotTraced({ productId, isDpp, children }: { productId: number; isDpp: boolean; children?: ReactNode }) {
  return (
    <Card>
      <StateBlock testId="trace-not-traced" icon={<TraceIcon size={28} />}>
        <p>
          <strong>
            <FormattedMessage id="trace.notTraced" />
          </strong>
        </p>
        <p>
          <FormattedMessage id={isDpp ? 'trace.notTracedHint' : 'trace.notDpp'} />
        </p>
        {isDpp ? <StartTracingButton productId={productId} /> : null}
        {children}
      </StateBlock>
    </Card>
  );
}

/**
 * The API's 404 of a journey: the product is not traced, or (for a traced one) the serial or lot
 * asked for is not one of it. Which one, the product's trace status says.
 */
function NotFoundInTrace({ productId, isDpp, subject }: { productId: number; isDpp: boolean; subject?: { serial?: string; lot?: string } }) {
  const { serviceName = '' } = useParams();
  const about = subject?.serial !== undefined || subject?.lot !== undefined;
  const status = useTraceStatus(about ? productId : null);
  if (!about) return <NotTraced productId={productId} isDpp={isDpp} />;
  if (!status.data) return <ListSkeleton rows={1} height="120px" testId="trace-loading" />;
  if (!status.data.result.traced || !subject) return <NotTraced productId={productId} isDpp={isDpp} />;
  return (
    <Card>
      <StateBlock testId="trace-unknown-subject" icon={<TraceIcon size={28} />}>
        <p>
          <strong>
            {subject.serial !== undefined ? (
              <FormattedMessage id="trace.serial.unknown" values={{ serial: subject.serial }} />
            ) : (
              <FormattedMessage id="trace.lot.unknown" values={{ lot: subject.lot }} />
            )}
          </strong>
        </p>
        <ButtonLink to={`/${encodeURIComponent(serviceName)}/epcis/${productId}`} $variant="outline" data-testid="trace-unknown-back">
          <FormattedMessage id="trace.serial.back" />
        </ButtonLink>
      </StateBlock>
    </Card>
  );
}

/** The map of the page's places (decision 081), when the company keeps any of them. */
function TraceMap({ answer }: { answer: TraceAnswer }) {
  const intl = useIntl();
  const theme = useTheme();
  const visited = journeyPlaces(answer.result.events, answer.result.places);
  if (visited.length === 0) return null;
  return (
    <JourneyMap
      places={visited}
      locale={intl.locale}
      title={intl.formatMessage({ id: 'trace.map.title' })}
      colours={{ land: theme.colors.border, border: theme.colors.surface, accent: theme.colors.primary, onAccent: theme.colors.onPrimary, water: theme.colors.surfaceMuted }}
      testId="trace-map"
    />
  );
}

/**
 * A trace page's body: not traced, error, loading, or the timeline (paged) beside the route's own
 * side panel (`side`, given the answer).
 */
export function TraceBody({
  valid,
  productId,
  isDpp,
  trace,
  page,
  setPage,
  highlightId,
  serialPath,
  emptyId,
  side,
  subject,
}: {
  valid: boolean;
  productId: number;
  isDpp: boolean;
  trace: SWRResponse<TraceAnswer>;
  page: number;
  setPage: (page: number) => void;
  highlightId: string | null;
  serialPath?: (serial: string) => string;
  emptyId: 'trace.noEvents' | 'trace.serial.noEvents';
  side: (answer: TraceAnswer) => ReactNode;
  /** The serial or lot the page is about, when it is one's. */
  subject?: { serial?: string; lot?: string };
}) {
  if (!valid) return <NotTraced productId={productId} isDpp={isDpp} />;
  if (isNotTraced(trace.error)) return <NotFoundInTrace productId={productId} isDpp={isDpp} subject={subject} />;
  if (trace.error && !trace.data) return <ListError error={trace.error} onRetry={() => void trace.mutate()} testId="trace-error" />;
  if (!trace.data) return <ListSkeleton rows={3} height="120px" testId="trace-loading" />;
  const places = new Map((trace.data.result.places ?? []).map((place) => [place.identifier, place]));
  return (
    <TraceLayout>
      <TimelineCard>
        <TraceMap answer={trace.data} />
        {trace.data.result.events.length ? (
          <EventTimeline events={trace.data.result.events} serialPath={serialPath} highlightId={highlightId} places={places} />
        ) : (
          <p>
            <FormattedMessage id={emptyId} />
          </p>
        )}
        <PagerFooter pageInfo={trace.data.pageInfo} page={page} onPage={setPage} label="trace.timeline.pages" totalTestId="trace-total" busy={trace.isValidating} />
      </TimelineCard>
      {side(trace.data)}
    </TraceLayout>
  );
}
