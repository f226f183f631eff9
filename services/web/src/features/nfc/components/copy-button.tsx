import { FormattedMessage, useIntl } from 'react-intl';
import { CopyIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { showSnackbar } from '@/lib/snackbar';

/** Copies `text` to the clipboard and says whether it worked; `label` names what is copied for screen readers. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const intl = useIntl();
  return (
    <Button
      $size="sm"
      $variant="outline"
      aria-label={label}
      onClick={async () => {
        let copied = true;
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          copied = false;
        }
        showSnackbar(intl.formatMessage({ id: copied ? 'qr.copied' : 'qr.copyFailed' }), copied ? 'success' : 'error');
      }}
      data-testid={testId}
    >
      <CopyIcon size={14} />
      <FormattedMessage id="qr.copy" />
    </Button>
  );
}
