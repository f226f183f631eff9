import type { IntlShape } from 'react-intl';
import { ERROR_MESSAGE_IDS, type ErrorCode } from '@product-console/shared';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';

/** The text to show for a failed call: the catalogue message in the UI language, else the server's words. */
export function apiErrorMessage(intl: IntlShape, error: unknown): string {
  if (!isApiError(error)) return intl.formatMessage({ id: 'error.internal' });
  const id = ERROR_MESSAGE_IDS[error.code as ErrorCode] as MessageId | undefined;
  if (id && intl.messages[id]) return intl.formatMessage({ id });
  return error.message;
}
