import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { TraceIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showSnackbar } from '@/lib/snackbar';
import { TRACE_KEY_PREFIX } from '@/features/trace/api/get-traced-products';
import { startTracing } from '@/features/trace/api/trace-mutations';

/** The product's links: the API adds the Traceability link when tracing starts. */
const LINKS_KEY_PREFIX = '/bff/api/entry/links';

/**
 * Starts tracing a DPP product (`PUT /api/trace/start`): the API records its commissioning and
 * adds the Traceability link, so the product's trace reads and its links are read again.
 */
export function StartTracingButton({ productId, testId = 'trace-start' }: { productId: number; testId?: string }) {
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      await startTracing(productId);
      await mutate((key) => typeof key === 'string' && (key.startsWith(TRACE_KEY_PREFIX) || key.startsWith(LINKS_KEY_PREFIX)));
      showSnackbar(intl.formatMessage({ id: 'trace.started' }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button onClick={() => void start()} disabled={busy} data-testid={testId}>
      {busy ? <Spinner size={16} /> : <TraceIcon size={16} />}
      <FormattedMessage id="trace.start" />
    </Button>
  );
}
