import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { HomeIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';
import { ButtonLink } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import type { MessageId } from '@/lib/i18n';

const STATUS_MESSAGE_IDS: Record<number, MessageId> = {
  404: 'error.route.404',
  401: 'error.route.401',
  503: 'error.route.503',
  418: 'error.route.418',
};

/** The legacy API answers some failures with the bare body 'Unauthorized 1'. */
const UNAUTHORIZED_1 = 'Unauthorized 1';

function bodyText(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === 'string') return data;
    if (data && typeof data === 'object' && 'message' in data) return String((data as { message: unknown }).message);
    return undefined;
  }
  if (isApiError(error) || error instanceof Error) return error.message;
  return typeof error === 'string' ? error : undefined;
}

function statusOf(error: unknown): number | undefined {
  if (isRouteErrorResponse(error)) return error.status;
  if (isApiError(error)) return error.status === 0 ? 503 : error.status;
  return undefined;
}

/** Picks the message of spec point 8 for an error thrown while loading or rendering a route. */
export function routeErrorMessageId(error: unknown): MessageId {
  if (bodyText(error)?.trim() === UNAUTHORIZED_1) return 'error.route.unauthorized1';
  const status = statusOf(error);
  return (status !== undefined && STATUS_MESSAGE_IDS[status]) || 'error.route.other';
}

export function RouteError() {
  const error = useRouteError();
  const id = routeErrorMessageId(error);
  const status = statusOf(error);
  if (import.meta.env.DEV) console.error(error);
  return (
    <StatusPage
      code={status && STATUS_MESSAGE_IDS[status] ? String(status) : undefined}
      title={<FormattedMessage id={id} />}
      description={<FormattedMessage id="error.route.description" />}
      actions={
        <ButtonLink to="/" reloadDocument>
          <HomeIcon size={18} />
          <FormattedMessage id="common.backToHome" />
        </ButtonLink>
      }
    />
  );
}
