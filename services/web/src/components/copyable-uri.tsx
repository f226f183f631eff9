import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { CopyIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/lib/snackbar';

const UriRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 8px 8px 8px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  code {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
    font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    font-size: 13px;
  }
`;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A Digital Link URI with a button that copies it. */
export function CopyableUri({ uri, testId }: { uri: string; testId: string }) {
  const intl = useIntl();
  return (
    <UriRow>
      <code data-testid={testId}>{uri}</code>
      <Button
        $size="sm"
        $variant="outline"
        onClick={async () => {
          const copied = await copyText(uri);
          showSnackbar(intl.formatMessage({ id: copied ? 'qr.copied' : 'qr.copyFailed' }), copied ? 'success' : 'error');
        }}
        data-testid={`${testId}-copy`}
      >
        <CopyIcon size={16} />
        <FormattedMessage id="qr.copy" />
      </Button>
    </UriRow>
  );
}
