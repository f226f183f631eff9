import { useIntl } from 'react-intl';
import type { Notification } from '@product-console/shared';
import type { MessageId } from '@/lib/i18n';

/**
 * The notification kinds the console translates. A notification's `type` is its message id
 * (`notifications.event.<type>.title` and `.message`) and `params` its values (docs/contracts.md).
 */
const KNOWN_TYPES = new Set([
  'company.registered',
  'company.approved',
  'subAdmin.joined',
  'plan.usage',
  'plan.usageReport',
  'plan.renewed',
  'plan.requested',
  'maintenance.scheduled',
  'welcome',
  'customers.active',
  'serial.suspiciousCountries',
  'serial.suspiciousVolume',
  'diversion.serial',
  'diversion.product',
  'report.filed',
  'recall.started',
]);

/** Values that are instants (ISO strings in `params`), formatted as dates by the messages. */
const DATE_PARAMS = new Set(['at']);

/** Title and message in the UI language for known event kinds; the server's English otherwise. */
export function useNotificationText(notification: Notification): { title: string; message: string } {
  const intl = useIntl();
  const type = notification.type ?? '';
  if (!KNOWN_TYPES.has(type)) return { title: notification.title, message: notification.message };
  const params: Record<string, string | number | Date> = {};
  for (const [key, value] of Object.entries(notification.params ?? {})) {
    params[key] = DATE_PARAMS.has(key) && typeof value === 'string' ? new Date(value) : value;
  }
  // A country code (diversion signals) is named in the UI language.
  if (typeof params.country === 'string' && /^[A-Z]{2}$/.test(params.country)) {
    params.country = new Intl.DisplayNames([intl.locale], { type: 'region' }).of(params.country) ?? params.country;
  }
  let variant = type;
  if (type === 'plan.usage') variant = `plan.usage.${Number(params.threshold) >= 100 ? 'full' : 'near'}`;
  if (type === 'plan.usage' || type === 'plan.usageReport') {
    params.resource = intl.formatMessage({ id: params.resource === 'subAdmin' ? 'notifications.resource.subAdmin' : 'notifications.resource.product' });
  }
  return {
    title: intl.formatMessage({ id: `notifications.event.${variant}.title` as MessageId }, params),
    message: intl.formatMessage({ id: `notifications.event.${variant}.message` as MessageId }, params),
  };
}
