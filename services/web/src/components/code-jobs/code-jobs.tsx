import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { CodeExportFormat, CodeJob, CodeJobStatus } from '@product-console/shared';
import { DownloadIcon, QrIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { PagerFooter } from '@/components/paged-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { UploadProgress } from '@/components/ui/form-controls';
import { Table, TableScroll } from '@/components/ui/table';
import type { MessageId } from '@/lib/i18n';
import { codeJobFileUrl, useCodeJobs } from '@/lib/code-jobs';
import { FORMAT_LABELS, type ExportRequest } from '@/components/code-jobs/code-export-dialog';

const PAGE_SIZE = 5;

const STATUS: Record<CodeJobStatus, { id: MessageId; tone: BadgeTone }> = {
  queued: { id: 'bulkCodes.status.queued', tone: 'neutral' },
  running: { id: 'bulkCodes.status.running', tone: 'primary' },
  done: { id: 'bulkCodes.status.done', tone: 'success' },
  failed: { id: 'bulkCodes.status.failed', tone: 'danger' },
};

const Block = styled.section`
  padding: 0 22px 16px;
  h3 { font-size: 15px; margin: 8px 0; }
  progress { width: 120px; vertical-align: middle; }
`;

const Failure = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
`;

const Download = styled.a`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  font-weight: 600;
`;

/** What the job makes, in words: "1 000 random serials", "PDF label sheets". */
function JobWhat({ job }: { job: CodeJob }) {
  if (job.kind === 'serials') {
    return <FormattedMessage id={job.request.mode === 'sequential' ? 'bulkCodes.job.sequential' : 'bulkCodes.job.random'} values={{ count: job.total }} />;
  }
  return <FormattedMessage id={FORMAT_LABELS[job.request.format as CodeExportFormat] ?? 'bulkCodes.format.csv'} />;
}

interface CodeJobsProps {
  productId: number;
  /** Asks for the export dialog with a generation's serials. */
  onExport: (request: ExportRequest) => void;
  /** A generation this screen watched has finished: the serial lists are stale. */
  onGenerated: () => void;
}

/**
 * The product's generations and exports with their progress (read every second while one runs),
 * an export's download once it is done, and the export of what a generation made.
 */
export function CodeJobs({ productId, onExport, onGenerated }: CodeJobsProps) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const jobs = useCodeJobs(productId, page, PAGE_SIZE);
  const seen = useRef({ since: Date.now(), handled: new Set<string>() });

  // A generation that finished while this screen was open (seen running or not) makes the serial lists stale.
  useEffect(() => {
    let finished = false;
    for (const job of jobs.data?.result ?? []) {
      if (job.kind !== 'serials' || job.status !== 'done' || !job.finishedAt || seen.current.handled.has(job.jobId)) continue;
      seen.current.handled.add(job.jobId);
      if (Date.parse(job.finishedAt) >= seen.current.since - 5_000) finished = true;
    }
    if (finished) onGenerated();
  }, [jobs.data, onGenerated]);

  return (
    <Block aria-labelledby={`code-jobs-${productId}`} data-testid="code-jobs">
      <h3 id={`code-jobs-${productId}`}>
        <FormattedMessage id="bulkCodes.jobs.title" />
      </h3>
      <ListBody
        items={jobs.data?.result}
        error={jobs.error}
        onRetry={() => void jobs.mutate()}
        testId="code-jobs"
        skeleton={{ rows: 1, height: '36px' }}
        emptyIcon={<QrIcon size={24} />}
        empty={
          <p>
            <FormattedMessage id="bulkCodes.jobs.empty" />
          </p>
        }
      >
        {(list) => (
          <TableScroll>
            <Table data-testid="code-jobs-table">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="bulkCodes.jobs.what" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="bulkCodes.jobs.status" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="bulkCodes.jobs.created" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="bulkCodes.jobs.result" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((job) => (
                  <tr key={job.jobId} data-testid={`code-job-${job.jobId}`}>
                    <td>
                      <JobWhat job={job} />
                    </td>
                    <td>
                      <Badge $tone={STATUS[job.status].tone}>
                        <FormattedMessage id={STATUS[job.status].id} />
                      </Badge>{' '}
                      {job.status === 'running' || job.status === 'queued' ? (
                        <UploadProgress
                          value={job.done}
                          max={Math.max(job.total, 1)}
                          aria-label={intl.formatMessage({ id: 'bulkCodes.jobs.progress' }, { done: job.done, total: job.total })}
                          data-testid="code-job-progress"
                        />
                      ) : null}
                      {job.status === 'failed' && job.error ? <Failure role="status">{job.error}</Failure> : null}
                    </td>
                    <td>
                      <FormattedDate value={job.createdAt} dateStyle="medium" timeStyle="short" />
                      {job.createdBy ? ` · ${job.createdBy}` : ''}
                    </td>
                    <td>
                      {job.serials ? (
                        <>
                          <FormattedMessage id="bulkCodes.jobs.serials" values={{ count: job.serials.created, first: job.serials.first, last: job.serials.last }} />{' '}
                          <Button
                            $size="sm"
                            $variant="outline"
                            onClick={() => onExport({ selection: { kind: 'generation', jobId: job.jobId }, range: `${job.serials?.first} … ${job.serials?.last}` })}
                            data-testid={`code-job-export-${job.jobId}`}
                          >
                            <FormattedMessage id="bulkCodes.jobs.exportThese" />
                          </Button>
                        </>
                      ) : null}
                      {job.file ? (
                        <Download href={codeJobFileUrl(job.jobId)} download={job.file.name} data-testid={`code-job-download-${job.jobId}`}>
                          <DownloadIcon size={14} />
                          <FormattedMessage id="bulkCodes.jobs.download" values={{ size: intl.formatNumber(job.file.bytes / 1e6, { maximumFractionDigits: 1 }) }} />
                        </Download>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        )}
      </ListBody>
      <PagerFooter pageInfo={jobs.data?.pageInfo} page={page} onPage={setPage} />
    </Block>
  );
}
