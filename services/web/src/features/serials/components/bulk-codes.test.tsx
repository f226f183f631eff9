import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUERY_STALE_TIME_MS, type CodeJob } from '@product-console/shared';
import { makeQualifier } from '@/testing/fixtures';
import { renderRoute } from '@/testing/test-utils';
import { callsTo, productApi } from '@/testing/product-page';

const JOB_ID = '6f1c0d5e-2b4a-4c3e-9d7f-0a1b2c3d4e5f';
const EXPORT_ID = '7a2d1e6f-3c5b-4d4f-8e80-1b2c3d4e5f60';

function makeJob(overrides: Partial<CodeJob>): CodeJob {
  return {
    jobId: JOB_ID,
    kind: 'serials',
    status: 'queued',
    productId: 101,
    request: { mode: 'random', count: 5000, alphabet: 'numeric', length: 13, prefix: '' },
    total: 5000,
    done: 0,
    error: null,
    serials: null,
    file: null,
    createdBy: 'Mina Park',
    createdAt: '2026-11-28T06:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const page = (result: CodeJob[]) => ({ body: { result, pageInfo: { total: result.length, page: 1, size: 5 } } });

describe('bulk codes', () => {
  it('generates random serials after refusing a guessable length, and follows the job until it is done', async () => {
    let reads = 0;
    const states = [
      [],
      [makeJob({ status: 'running', done: 2000 })],
      [makeJob({ status: 'done', done: 5000, serials: { created: 5000, first: '4821930475512', last: '0093812734651' } })],
    ];
    const fetchMock = productApi({
      'POST /bff/api/product/codes/serials': { status: 202, body: { result: makeJob({}) } },
      '/bff/api/product/codes/jobs': () => page(states[Math.min(reads++, states.length - 1)]),
    });
    // With the app's own deduplication window, which must not serve the polls from the first answer.
    renderRoute('/acme/product-details/101', { swr: { dedupingInterval: QUERY_STALE_TIME_MS } });
    expect(await screen.findByTestId('code-jobs-empty')).toHaveTextContent('No generation or export yet.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate serials' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Random (hard to guess)')).toBeChecked();
    await user.clear(within(dialog).getByLabelText('How many'));
    await user.type(within(dialog).getByLabelText('How many'), '5000');
    await user.selectOptions(within(dialog).getByLabelText('Characters'), 'Digits 0–9');
    expect(within(dialog).getByText('At least 13 with these characters, so that serials cannot be guessed.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Random characters'));
    await user.type(within(dialog).getByLabelText('Random characters'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByTestId('bulk-serials-error-length')).toHaveTextContent(/at least 13/);
    expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/serials')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Random characters'));
    await user.type(within(dialog).getByLabelText('Random characters'), '13');
    expect(within(dialog).getByTestId('bulk-serials-example').textContent).toMatch(/^For example: \d{13}, \d{13}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/serials')).toHaveLength(1));
    const [{ init }] = callsTo(fetchMock, 'POST', '/bff/api/product/codes/serials');
    expect(JSON.parse(String(init?.body))).toEqual({ mode: 'random', productId: 101, count: 5000, prefix: '', alphabet: 'numeric', length: 13 });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/\S/);
    expect(await screen.findByText('Started. The list of code jobs shows its progress.')).toBeInTheDocument();

    const row = await screen.findByTestId(`code-job-${JOB_ID}`);
    expect(row).toHaveTextContent('5,000 random serials');
    expect(within(row).getByTestId('code-job-progress')).toHaveAttribute('aria-label', '2,000 of 5,000');
    await waitFor(() => expect(within(screen.getByTestId(`code-job-${JOB_ID}`)).getByText('Done')).toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByTestId(`code-job-${JOB_ID}`)).toHaveTextContent('5,000 serials, 4821930475512 … 0093812734651');
  });

  it('exports the selected serials as label sheets, refusing a grid wider than the paper', async () => {
    const fetchMock = productApi({
      '/bff/api/entry/qualifiers/all': { body: { result: [makeQualifier('A-1', 1), makeQualifier('A-2', 2)], pageInfo: { total: 2, page: 1, size: 10 } } },
      'POST /bff/api/product/codes/exports': { status: 202, body: { result: makeJob({ jobId: EXPORT_ID, kind: 'export' }) } },
    });
    renderRoute('/acme/product-details/101');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all serials on this page' }));
    await user.click(within(screen.getByTestId('serials-bulk')).getByRole('button', { name: 'Export for print' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('code-export-description')).toHaveTextContent('2 selected serials.');
    expect(within(dialog).getByLabelText('File')).toHaveValue('pdf');
    await user.type(within(dialog).getByLabelText('Lot (optional)'), 'B-7');
    await user.clear(within(dialog).getByLabelText('Columns'));
    await user.type(within(dialog).getByLabelText('Columns'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await within(dialog).findByTestId('code-export-error-columns')).toHaveTextContent(/mm wide/);
    expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Columns'));
    await user.type(within(dialog).getByLabelText('Columns'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')).toHaveLength(1));
    const body = JSON.parse(String(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')[0].init?.body));
    expect(body).toMatchObject({ productId: 101, format: 'pdf', selection: { kind: 'serials', qualifierIds: [1, 2] }, lot: 'B-7', layout: { paper: 'A4', columns: 2, rows: 7 } });
    expect(body.expiry).toBeUndefined();
  });

  it("offers a finished export's file and the export of a generation's serials as a CSV", async () => {
    const fetchMock = productApi({
      '/bff/api/product/codes/jobs': page([
        makeJob({ jobId: EXPORT_ID, kind: 'export', status: 'done', request: { format: 'pdf' }, file: { name: 'codes.pdf', bytes: 3_100_000, contentType: 'application/pdf' } }),
        makeJob({ status: 'done', request: { mode: 'sequential', count: 20 }, total: 20, done: 20, serials: { created: 20, first: 'L000001', last: 'L000020' } }),
        makeJob({ jobId: '8b3e2f70-4d6c-4e50-9f91-2c3d4e5f6071', status: 'failed', error: 'Some of these serials are registered already (L1), so none was created.' }),
      ]),
      'POST /bff/api/product/codes/exports': { status: 202, body: { result: makeJob({ kind: 'export' }) } },
    });
    renderRoute('/acme/product-details/101');
    const download = await screen.findByTestId(`code-job-download-${EXPORT_ID}`);
    expect(download).toHaveAttribute('href', `/bff/api/product/codes/jobs/${EXPORT_ID}/file`);
    expect(download).toHaveTextContent('Download (3.1 MB)');
    expect(screen.getByText('Some of these serials are registered already (L1), so none was created.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByTestId(`code-job-export-${JOB_ID}`));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('code-export-description')).toHaveTextContent('The serials of one generation: L000001 … L000020.');
    await user.selectOptions(within(dialog).getByLabelText('File'), 'CSV of serials and Digital Links');
    expect(within(dialog).queryByLabelText('Columns')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/bff/api/product/codes/exports')[0].init?.body))).toEqual({
      productId: 101,
      format: 'csv',
      selection: { kind: 'generation', jobId: JOB_ID },
    });
  });
});
