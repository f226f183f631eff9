import { FormattedMessage } from 'react-intl';
import type { SerialStatusValue } from '@product-console/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { MessageId } from '@/lib/i18n';

const TONES: Record<SerialStatusValue, BadgeTone> = { active: 'success', deactivated: 'neutral', blacklisted: 'danger' };

export const SERIAL_STATUS_LABELS: Record<SerialStatusValue, MessageId> = {
  active: 'serials.status.active',
  deactivated: 'serials.status.deactivated',
  blacklisted: 'serials.status.blacklisted',
};

/** A serial's lifecycle status as a badge; the reason, when there is one, as its tooltip. */
export function SerialStatusBadge({ status, reason }: { status: SerialStatusValue; reason?: string | null }) {
  return (
    <Badge $tone={TONES[status]} title={reason ?? undefined} data-testid="serial-status">
      <FormattedMessage id={SERIAL_STATUS_LABELS[status]} />
    </Badge>
  );
}
