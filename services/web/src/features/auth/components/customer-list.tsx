import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CustomerListItem } from '@product-console/shared';
import { AlertIcon, ChevronRightIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { down } from '@/theme/media';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 48px minmax(0, 1fr) auto auto auto;
  align-items: center;
  gap: 18px;
  padding: 16px 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
  transition: border-color 0.15s ease, box-shadow 0.15s ease;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; box-shadow: ${({ theme }) => theme.shadow.md}; }

  ${down('sm')} {
    grid-template-columns: 40px minmax(0, 1fr);
    & > :nth-child(n + 3) { grid-column: 1 / -1; }
  }
`;

const Avatar = styled.span`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 12px;
  font-weight: 700;
  font-size: 18px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  ${down('sm')} { width: 40px; height: 40px; }
`;

const Name = styled.h2`
  font-size: 16px;
  font-weight: 600;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  dt { display: inline; font-weight: 500; }
  dd { display: inline; margin: 0 0 0 4px; color: ${({ theme }) => theme.colors.text}; }
`;

const Badges = styled.div`
  display: flex;
  gap: 6px;
  flex-wrap: wrap;
  justify-content: flex-end;
  ${down('sm')} { justify-content: flex-start; }
`;

/** A company's prefixes that overlap other companies': shown on its row, below the rest. */
const Conflicts = styled.div`
  grid-column: 1 / -1;
  display: flex;
  gap: 10px;
  align-items: flex-start;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: 13px;
  svg { flex: none; margin-top: 1px; color: ${({ theme }) => theme.colors.warning}; }
  ul { margin: 0; padding-left: 16px; }
  p { margin-top: 4px; font-weight: 600; }
`;

/** Approval is refused while one of the company's prefixes overlaps an approved company's (decision 022). */
function approvalBlocked(customer: CustomerListItem): boolean {
  return !customer.permission && customer.prefixConflicts.some((conflict) => conflict.approved);
}

function PrefixConflicts({ customer, blockedId }: { customer: CustomerListItem; blockedId: string }) {
  const intl = useIntl();
  return (
    <Conflicts role="note" aria-label={intl.formatMessage({ id: 'switch.prefixConflictsLabel' }, { name: customer.companyName })} data-testid="prefix-conflicts">
      <AlertIcon size={16} />
      <div>
        <ul>
          {customer.prefixConflicts.map((conflict) => (
            <li key={`${conflict.prefix}-${conflict.customerId}-${conflict.heldPrefix}`}>
              <FormattedMessage
                id={conflict.approved ? 'switch.prefixConflictApproved' : 'switch.prefixConflictPending'}
                values={{ prefix: conflict.prefix, heldPrefix: conflict.heldPrefix, name: conflict.companyName }}
              />
            </li>
          ))}
        </ul>
        {approvalBlocked(customer) ? (
          <p id={blockedId}>
            <FormattedMessage id="switch.approveBlocked" />
          </p>
        ) : null}
      </div>
    </Conflicts>
  );
}

interface CustomerListProps {
  customers: CustomerListItem[];
  switchingId: number | null;
  onOpen: (customer: CustomerListItem) => void;
  /** Grants or revokes a company's approval; the row shows progress while it runs. */
  onSetPermission?: (customer: CustomerListItem, permission: boolean) => void;
  permissionBusyId?: number | null;
}

export function CustomerList({ customers, switchingId, onOpen, onSetPermission, permissionBusyId = null }: CustomerListProps) {
  const intl = useIntl();
  return (
    <List aria-label={intl.formatMessage({ id: 'switch.listLabel' })}>
      {customers.map((customer) => (
        <Row key={customer.customerId} data-testid={`customer-${customer.serviceName}`}>
          <Avatar aria-hidden="true">{customer.companyName.trim().charAt(0).toUpperCase() || '?'}</Avatar>
          <div>
            <Name>{customer.companyName}</Name>
            <Meta as="dl">
              <span>
                <dt>
                  <FormattedMessage id="switch.serviceName" />
                </dt>
                <dd>{customer.serviceName}</dd>
              </span>
              <span>
                <dt>
                  <FormattedMessage id="switch.plan" />
                </dt>
                <dd>{customer.planName ?? intl.formatMessage({ id: 'switch.noPlan' })}</dd>
              </span>
              {customer.gcps.length > 0 ? (
                <span>
                  <dt>
                    <FormattedMessage id="switch.prefixes" />
                  </dt>
                  <dd>{customer.gcps.join(', ')}</dd>
                </span>
              ) : null}
            </Meta>
          </div>
          <Badges>
            {customer.services.map((service) => (
              <Badge key={service} $tone="primary">
                {service}
              </Badge>
            ))}
            <Badge $tone={customer.permission ? 'success' : 'warning'} data-testid="approval-state">
              <FormattedMessage id={customer.permission ? 'switch.approved' : 'switch.pendingApproval'} />
            </Badge>
          </Badges>
          <Button
            $variant={switchingId === customer.customerId ? 'primary' : 'outline'}
            disabled={switchingId !== null}
            aria-busy={switchingId === customer.customerId}
            aria-label={intl.formatMessage({ id: 'switch.openCompany' }, { name: customer.companyName })}
            onClick={() => onOpen(customer)}
          >
            {switchingId === customer.customerId ? <Spinner size={16} /> : null}
            <FormattedMessage id="switch.open" />
            <ChevronRightIcon size={16} />
          </Button>
          {onSetPermission ? (
            <Button
              $variant={customer.permission ? 'ghost' : 'secondary'}
              $size="sm"
              disabled={permissionBusyId === customer.customerId || approvalBlocked(customer)}
              aria-busy={permissionBusyId === customer.customerId}
              aria-describedby={approvalBlocked(customer) ? `approval-blocked-${customer.customerId}` : undefined}
              aria-label={intl.formatMessage({ id: customer.permission ? 'switch.revokeOf' : 'switch.approveOf' }, { name: customer.companyName })}
              onClick={() => onSetPermission(customer, !customer.permission)}
              data-testid="approval-toggle"
            >
              {permissionBusyId === customer.customerId ? <Spinner size={14} /> : null}
              <FormattedMessage id={customer.permission ? 'switch.revoke' : 'switch.approve'} />
            </Button>
          ) : null}
          {customer.prefixConflicts.length > 0 ? <PrefixConflicts customer={customer} blockedId={`approval-blocked-${customer.customerId}`} /> : null}
        </Row>
      ))}
    </List>
  );
}

export function CustomerListSkeleton() {
  return (
    <List aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <Row key={index}>
          <Skeleton $width="48px" $height="48px" />
          <div>
            <Skeleton $width="40%" $height="18px" />
            <Skeleton $width="60%" $height="12px" $marginTop="8px" />
          </div>
          <Skeleton $width="90px" $height="24px" />
          <Skeleton $width="90px" $height="40px" />
        </Row>
      ))}
    </List>
  );
}
