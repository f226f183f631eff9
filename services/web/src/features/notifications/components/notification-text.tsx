import { useIntl } from 'react-intl';
import type { Notification } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

const KNOWN_TYPES = new Set(['company.registered', 'company.approved', 'subAdmin.joined', 'plan.usage']);

/** Title and message in the UI language for known event kinds; the server's English otherwise. */
export function useNotificationText(notification: Notification): { title: string; message: string } {
  const intl = useIntl();
  const type = notification.type ?? '';
  if (!KNOWN_TYPES.has(type)) return { title: notification.title, message: notification.message };
  const params = { ...(notification.params ?? {}) } as Record<string, string | number>;
  let variant = type;
  if (type === 'plan.usage') {
    variant = `plan.usage.${Number(params.threshold) >= 100 ? 'full' : 'near'}`;
    params.resource = intl.formatMessage({ id: params.resource === 'subAdmin' ? 'notifications.resource.subAdmin' : 'notifications.resource.product' });
  }
  return {
    title: intl.formatMessage({ id: `notifications.event.${variant}.title` as MessageId }, params),
    message: intl.formatMessage({ id: `notifications.event.${variant}.message` as MessageId }, params),
  };
}
