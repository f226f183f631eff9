import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { REPORT_ANSWER_MAX, REPORT_NOTE_MAX, type CounterfeitReport, type SerialStory } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListError } from '@/components/list-body';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/field';
import { CheckRow, FieldError, FormSelect, Hint, Stack, TextArea } from '@/components/ui/form-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import type { MessageId } from '@/lib/i18n';
import { showSnackbar } from '@/lib/snackbar';
import { answerReport, decideReport, reportPhotoUrl, useSerialStory } from '@/features/authenticity/api/desk';
import { countriesOf, timelineOf, type TimelineEvent } from '@/features/authenticity/model/timeline';

/** What a desk row opens: a serial's story, with the report it came from when it is a report. */
export interface StoryTarget {
  productId: number;
  productName: string;
  serial: string | null;
  report?: CounterfeitReport;
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin-top: 20px;
  h3 { margin: 0; font-size: 15px; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;
  font-size: 14px;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  font-size: 14px;
  li {
    display: grid;
    grid-template-columns: 150px 90px minmax(0, 1fr);
    gap: 10px;
    padding: 8px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  time { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Photo = styled.img`
  max-width: 100%;
  max-height: 320px;
  border-radius: ${({ theme }) => theme.radius.md};
  object-fit: contain;
  align-self: flex-start;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const KIND_TONES: Record<TimelineEvent['kind'], BadgeTone> = { scan: 'neutral', check: 'primary', tap: 'primary', status: 'warning', report: 'danger', flag: 'danger' };

export function countryName(intl: IntlShape, code: string | null): string {
  if (!code) return intl.formatMessage({ id: 'authenticity.country.unknown' });
  try {
    return new Intl.DisplayNames([intl.locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const RESULTS = new Set(['registered', 'warning', 'notGenuine', 'genuine', 'noSerial', 'unverified', 'replayed', 'badMac', 'otherSerial', 'unknownTag', 'malformed']);
const STATUSES = new Set(['active', 'deactivated', 'blacklisted']);

/** A check's or tap's result in the reader's language (an unknown one as stored). */
export const resultLabel = (intl: IntlShape, result: string) => (RESULTS.has(result) ? intl.formatMessage({ id: `authenticity.result.${result}` as MessageId }) : result);
const statusLabel = (intl: IntlShape, status: string) => (STATUSES.has(status) ? intl.formatMessage({ id: `authenticity.serialStatus.${status}` as MessageId }) : status);

export const formatTime = (intl: IntlShape, at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });

function EventText({ event }: { event: TimelineEvent }) {
  const intl = useIntl();
  const country = 'country' in event ? countryName(intl, event.country) : '';
  switch (event.kind) {
    case 'scan':
      return <FormattedMessage id="authenticity.story.scan" values={{ country, linkType: event.linkType }} />;
    case 'check':
      return <FormattedMessage id="authenticity.story.check" values={{ country, result: resultLabel(intl, event.result) }} />;
    case 'tap':
      return <FormattedMessage id="authenticity.story.tap" values={{ country, counter: event.counter ?? '–', result: resultLabel(intl, event.result) }} />;
    case 'status':
      return (
        <FormattedMessage
          id="authenticity.story.status"
          values={{ from: statusLabel(intl, event.from), to: statusLabel(intl, event.to), reason: event.reason ?? '–', by: event.by || intl.formatMessage({ id: 'authenticity.story.someone' }) }}
        />
      );
    case 'report':
      return <FormattedMessage id="authenticity.story.report" values={{ id: event.id, status: intl.formatMessage({ id: `authenticity.status.${event.status}` as MessageId }), place: event.purchasePlace, country }} />;
    case 'flag':
      return (
        <FormattedMessage
          id={event.reason === 'volume' ? 'authenticity.story.flagVolume' : 'authenticity.story.flagCountries'}
          values={{ countries: event.countries.map((code) => countryName(intl, code)).join(', '), dismissed: String(event.dismissed) }}
        />
      );
  }
}

function Story({ story }: { story: SerialStory }) {
  const intl = useIntl();
  const events = timelineOf(story);
  const countries = countriesOf(story);
  return (
    <>
      <Section aria-labelledby="story-status">
        <h3 id="story-status">
          <FormattedMessage id="authenticity.story.statusTitle" />
        </h3>
        <p data-testid="story-status">
          {story.registered ? (
            <Badge $tone={story.status === 'active' ? 'success' : 'danger'}>
              <FormattedMessage id={`authenticity.serialStatus.${story.status ?? 'active'}` as MessageId} />
            </Badge>
          ) : (
            <Badge $tone="danger">
              <FormattedMessage id="authenticity.serialStatus.unregistered" />
            </Badge>
          )}{' '}
          {story.statusReason}
        </p>
        <Hint>
          <FormattedMessage id="authenticity.story.statusHint" />
        </Hint>
        {countries.length > 0 ? (
          <p data-testid="story-countries">
            <FormattedMessage
              id="authenticity.story.countries"
              values={{ countries: countries.map((item) => `${countryName(intl, item.country)} (${item.count})`).join(', ') }}
            />
          </p>
        ) : null}
      </Section>
      <Section aria-labelledby="story-timeline">
        <h3 id="story-timeline">
          <FormattedMessage id="authenticity.story.timeline" />
        </h3>
        {events.length === 0 ? (
          <p data-testid="story-empty">
            <FormattedMessage id="authenticity.story.empty" />
          </p>
        ) : (
          <Timeline data-testid="story-timeline">
            {events.map((event, index) => (
              <li key={`${event.kind}-${event.at}-${index}`} data-kind={event.kind}>
                <time dateTime={event.at}>{formatTime(intl, event.at)}</time>
                <span>
                  <Badge $tone={KIND_TONES[event.kind]}>
                    <FormattedMessage id={`authenticity.kind.${event.kind}` as MessageId} />
                  </Badge>
                </span>
                <span>
                  <EventText event={event} />
                </span>
              </li>
            ))}
          </Timeline>
        )}
      </Section>
    </>
  );
}

function ReportDetails({ report, serial, onChanged }: { report: CounterfeitReport; serial: string | null; onChanged: (report: CounterfeitReport) => void }) {
  const intl = useIntl();
  const [status, setStatus] = useState<'confirmed' | 'dismissed'>(report.status === 'dismissed' ? 'dismissed' : 'confirmed');
  const [note, setNote] = useState(report.note);
  const [blacklist, setBlacklist] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<true | null>(null);
  const [answer, setAnswer] = useState('');
  const [answerError, setAnswerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function save() {
    setSaving(true);
    try {
      const saved = await decideReport(report.id, { status, note, blacklist: status === 'confirmed' && blacklist });
      showSnackbar(intl.formatMessage({ id: 'authenticity.report.saved' }), 'success');
      onChanged(saved.result);
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    } finally {
      setSaving(false);
    }
  }

  function submitDecision(event: FormEvent) {
    event.preventDefault();
    // Blacklisting makes every check of the serial say "not genuine": asked first.
    if (status === 'confirmed' && blacklist) setConfirming(true);
    else void save();
  }

  async function sendAnswer(event: FormEvent) {
    event.preventDefault();
    if (answer.trim() === '') {
      setAnswerError(intl.formatMessage({ id: 'authenticity.report.answerRequired' }));
      return;
    }
    setSending(true);
    setAnswerError(null);
    try {
      await answerReport(report.id, answer.trim());
      showSnackbar(intl.formatMessage({ id: 'authenticity.report.answerSent' }), 'success');
      onChanged({ ...report, answer: answer.trim(), answeredAt: new Date().toISOString() });
      setAnswer('');
    } catch (error) {
      setAnswerError(apiErrorMessage(intl, error));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Section aria-labelledby="report-title">
        <h3 id="report-title">
          <FormattedMessage id="authenticity.report.title" values={{ id: report.id }} />
        </h3>
        <Facts data-testid="report-facts">
          <dt>
            <FormattedMessage id="authenticity.column.received" />
          </dt>
          <dd>{formatTime(intl, report.createdAt)}</dd>
          <dt>
            <FormattedMessage id="authenticity.column.place" />
          </dt>
          <dd>{report.purchasePlace}</dd>
          <dt>
            <FormattedMessage id="authenticity.report.date" />
          </dt>
          <dd>{report.purchaseDate ? intl.formatDate(report.purchaseDate, { dateStyle: 'medium', timeZone: 'UTC' }) : '–'}</dd>
          <dt>
            <FormattedMessage id="authenticity.report.seller" />
          </dt>
          <dd>{report.seller || '–'}</dd>
          <dt>
            <FormattedMessage id="authenticity.column.country" />
          </dt>
          <dd>{countryName(intl, report.country)}</dd>
          <dt>
            <FormattedMessage id="authenticity.column.status" />
          </dt>
          <dd>
            <FormattedMessage id={`authenticity.status.${report.status}`} />
          </dd>
          {report.answer ? (
            <>
              <dt>
                <FormattedMessage id="authenticity.report.answered" />
              </dt>
              <dd>{report.answer}</dd>
            </>
          ) : null}
        </Facts>
        {report.hasPhoto ? <Photo src={reportPhotoUrl(report.id)} alt={intl.formatMessage({ id: 'authenticity.report.photoAlt' }, { id: report.id })} /> : null}
      </Section>

      <Section aria-labelledby="decision-title">
        <h3 id="decision-title">
          <FormattedMessage id="authenticity.report.decision" />
        </h3>
        <form onSubmit={submitDecision} data-testid="report-decision">
          <Stack>
            <Label htmlFor="report-status">
              <FormattedMessage id="authenticity.column.status" />
            </Label>
            <FormSelect id="report-status" value={status} onChange={(event) => setStatus(event.target.value as 'confirmed' | 'dismissed')}>
              <option value="confirmed">{intl.formatMessage({ id: 'authenticity.report.confirm' })}</option>
              <option value="dismissed">{intl.formatMessage({ id: 'authenticity.report.dismiss' })}</option>
            </FormSelect>
            <Label htmlFor="report-note">
              <FormattedMessage id="authenticity.report.note" />
            </Label>
            <TextArea id="report-note" value={note} maxLength={REPORT_NOTE_MAX} rows={3} onChange={(event) => setNote(event.target.value)} />
            {status === 'confirmed' && serial ? (
              <CheckRow>
                <input type="checkbox" checked={blacklist} onChange={(event) => setBlacklist(event.target.checked)} data-testid="report-blacklist" />
                <FormattedMessage id="authenticity.report.blacklist" values={{ serial }} />
              </CheckRow>
            ) : null}
            <Actions>
              <Button type="submit" disabled={saving} aria-busy={saving} data-testid="report-save">
                {saving ? <Spinner size={16} /> : null}
                <FormattedMessage id="authenticity.report.save" />
              </Button>
            </Actions>
          </Stack>
        </form>
      </Section>

      <Section aria-labelledby="answer-title">
        <h3 id="answer-title">
          <FormattedMessage id="authenticity.report.answerTitle" />
        </h3>
        {report.canAnswer ? (
          <form onSubmit={(event) => void sendAnswer(event)} data-testid="report-answer">
            <Stack>
              <Label htmlFor="report-answer-text">
                <FormattedMessage id="authenticity.report.answerLabel" values={{ language: report.language }} />
              </Label>
              <TextArea
                id="report-answer-text"
                value={answer}
                maxLength={REPORT_ANSWER_MAX}
                rows={4}
                onChange={(event) => setAnswer(event.target.value)}
                aria-invalid={answerError ? true : undefined}
                aria-describedby={answerError ? 'report-answer-error' : undefined}
              />
              {answerError ? <FieldError id="report-answer-error">{answerError}</FieldError> : null}
              <Actions>
                <Button type="submit" $variant="outline" disabled={sending} aria-busy={sending}>
                  {sending ? <Spinner size={16} /> : null}
                  <FormattedMessage id="authenticity.report.send" />
                </Button>
              </Actions>
            </Stack>
          </form>
        ) : (
          <Hint data-testid="report-no-answer">
            <FormattedMessage id="authenticity.report.noAnswer" />
          </Hint>
        )}
      </Section>

      <ConfirmDialog
        payload={confirming}
        onClose={() => setConfirming(null)}
        onConfirm={save}
        title={<FormattedMessage id="authenticity.report.blacklistTitle" values={{ serial }} />}
        description={<FormattedMessage id="authenticity.report.blacklistBody" />}
        confirmLabel={<FormattedMessage id="authenticity.report.blacklistConfirm" />}
      />
    </>
  );
}

function StoryBody({ productId, serial }: { productId: number; serial: string }) {
  const story = useSerialStory({ productId, serial });
  if (story.error && !story.data) return <ListError error={story.error} onRetry={() => void story.mutate()} testId="story-error" />;
  if (!story.data) return <Skeleton style={{ height: 120, marginTop: 20 }} data-testid="story-loading" />;
  return <Story story={story.data} />;
}

/** The side panel of a desk row: the report (with its actions) and the serial's story. */
export function StoryPanel({ target, onClose, onChanged }: { target: StoryTarget | null; onClose: () => void; onChanged: (report?: CounterfeitReport) => void }) {
  const [report, setReport] = useState<CounterfeitReport | undefined>(target?.report);
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    setReport(target?.report);
  }
  return (
    <DialogRoot open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={760} data-testid="story-panel">
          {target ? (
            <>
              <DialogTitle>
                {target.serial ? (
                  <FormattedMessage id="authenticity.story.title" values={{ serial: target.serial, product: target.productName }} />
                ) : (
                  <FormattedMessage id="authenticity.story.titleNoSerial" values={{ product: target.productName }} />
                )}
              </DialogTitle>
              <DialogDescription>
                <FormattedMessage id="authenticity.story.description" />
              </DialogDescription>
              {report ? (
                <ReportDetails
                  key={report.id}
                  report={report}
                  serial={target.serial}
                  onChanged={(changed) => {
                    setReport(changed);
                    onChanged(changed);
                  }}
                />
              ) : null}
              {target.serial ? <StoryBody productId={target.productId} serial={target.serial} /> : null}
              <Actions style={{ justifyContent: 'flex-end', marginTop: 24 }}>
                <DialogClose asChild>
                  <Button $variant="outline">
                    <FormattedMessage id="common.close" />
                  </Button>
                </DialogClose>
              </Actions>
            </>
          ) : null}
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
