import { useState } from 'react';
import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SubAdmin, SubAdminListResponse } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { MailIcon, PlusIcon, UsersIcon } from '@/components/icons';
import { ListSkeleton, StateBlock } from '@/components/list-body';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ColumnHeads, PagerFooter } from '@/components/paged-table';
import { PlanExceededDialog } from '@/components/plan-exceeded-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/ui/card';
import { PageStack } from '@/components/ui/page-stack';
import { Cell, Table, TableScroll } from '@/components/ui/table';
import { apiErrorMessage } from '@/lib/api-error-message';
import { usePlanInfo } from '@/lib/plan';
import { showSnackbar } from '@/lib/snackbar';
import { deleteSubAdmin, inviteSubAdmin, useSubAdmins } from '@/features/sub-admins/api/sub-admins';
import { AccessDialog } from '@/features/sub-admins/components/access-dialog';
import { CreateSubAdminDialog } from '@/features/sub-admins/components/create-sub-admin-dialog';

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: 6px;
  flex-wrap: wrap;
  justify-content: flex-end;
`;

/** Sits close under the header whose add button it explains. */
const LimitNote = styled.p`
  margin-top: -12px;
`;

const SUB_ADMIN_COLUMNS = ['subAdmins.name', 'login.email', 'account.department', 'subAdmins.status', 'subAdmins.projects', 'subAdmins.lastUpdated'] as const;

const ListLoadError = styled(LoadError)`
  padding: 48px 24px;
`;

function Status({ active }: { active: SubAdmin['active'] }) {
  if (active.joined) return <Badge $tone="success"><FormattedMessage id="subAdmins.status.joined" /></Badge>;
  if (active.expired) return <Badge $tone="warning"><FormattedMessage id={active.invitedAt ? 'subAdmins.status.expired' : 'subAdmins.status.notInvited'} /></Badge>;
  return <Badge $tone="primary"><FormattedMessage id="subAdmins.status.invited" /></Badge>;
}

/** /{serviceName}/sub-admin (roles 1 and 2): the company's sub-admins, their invitations and project access. */
export function SubAdminListRoute() {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const list = useSubAdmins(page);
  const planName = usePlanInfo().data?.result.planName ?? '';
  const [creating, setCreating] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [accessFor, setAccessFor] = useState<SubAdmin | null>(null);
  const [deleting, setDeleting] = useState<SubAdmin | null>(null);
  const [inviting, setInviting] = useState<number | null>(null);

  const canAdd = list.data?.canAdd ?? false;

  function openCreate() {
    if (canAdd) setCreating(true);
    else setLimitOpen(true);
  }

  async function invite(subAdmin: SubAdmin) {
    setInviting(subAdmin.user_id);
    try {
      await inviteSubAdmin(subAdmin.user_id);
      // The invitation is live again: show it before the list reloads (spec point 4).
      await list.mutate(
        (current: SubAdminListResponse | undefined) =>
          current && {
            ...current,
            result: current.result.map((item) =>
              item.user_id === subAdmin.user_id ? { ...item, active: { ...item.active, expired: false, invitedAt: new Date().toISOString() } } : item,
            ),
          },
        { revalidate: true },
      );
      showSnackbar(intl.formatMessage({ id: 'subAdmins.invited' }, { email: subAdmin.email }), 'success');
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
    } finally {
      setInviting(null);
    }
  }

  async function remove(subAdmin: SubAdmin) {
    await deleteSubAdmin(subAdmin.user_id);
    if (list.data && list.data.result.length === 1 && page > 1) setPage(page - 1);
    await list.mutate();
  }

  return (
    <PageStack>
      <PageHeader
        title={<FormattedMessage id="nav.userRoles" />}
        description={<FormattedMessage id="subAdmins.subtitle" />}
        actions={
          <Button onClick={openCreate} disabled={!list.data} aria-describedby={!canAdd && list.data ? 'sub-admin-limit' : undefined} data-testid="add-sub-admin">
            <PlusIcon size={16} />
            <FormattedMessage id="subAdmins.add" />
          </Button>
        }
      />
      {list.data && !canAdd ? (
        <LimitNote id="sub-admin-limit" role="status">
          <FormattedMessage id="subAdmins.limitReached" />
        </LimitNote>
      ) : null}
      <ListCard>
        {list.error ? (
          <ListLoadError message={<FormattedMessage id="subAdmins.loadError" />} onRetry={() => void list.mutate()} />
        ) : !list.data ? (
          <ListSkeleton rows={3} height="36px" />
        ) : list.data.result.length === 0 ? (
          <StateBlock testId="sub-admins-empty" icon={<UsersIcon size={32} />}>
            <FormattedMessage id="subAdmins.empty" />
          </StateBlock>
        ) : (
          <>
            <TableScroll>
              <Table data-testid="sub-admin-table">
                <ColumnHeads columns={SUB_ADMIN_COLUMNS} actions />
                <tbody>
                  {list.data.result.map((subAdmin) => {
                    const name = `${subAdmin.first_name} ${subAdmin.last_name}`.trim();
                    return (
                      <tr key={subAdmin.user_id} data-testid={`sub-admin-${subAdmin.email}`}>
                        <Cell label="subAdmins.name">{name}</Cell>
                        <Cell label="login.email">{subAdmin.email}</Cell>
                        <Cell label="account.department">{subAdmin.department || '—'}</Cell>
                        <Cell label="subAdmins.status" data-testid="sub-admin-status"><Status active={subAdmin.active} /></Cell>
                        <Cell label="subAdmins.projects">{intl.formatNumber(subAdmin.projectIds.length)}</Cell>
                        <Cell label="subAdmins.lastUpdated">{intl.formatDate(subAdmin.lastUpdated, { dateStyle: 'medium' })}</Cell>
                        <td>
                          <Actions>
                            {!subAdmin.active.joined ? (
                              <Button
                                $variant="outline"
                                $size="sm"
                                onClick={() => void invite(subAdmin)}
                                disabled={inviting === subAdmin.user_id}
                                aria-label={intl.formatMessage({ id: subAdmin.active.invitedAt ? 'subAdmins.reinviteOf' : 'subAdmins.inviteOf' }, { name })}
                                data-testid="invite-sub-admin"
                              >
                                <MailIcon size={14} />
                                <FormattedMessage id={subAdmin.active.invitedAt ? 'subAdmins.reinvite' : 'subAdmins.invite'} />
                              </Button>
                            ) : null}
                            <Button $variant="secondary" $size="sm" onClick={() => setAccessFor(subAdmin)} aria-label={intl.formatMessage({ id: 'subAdmins.accessOf' }, { name })} data-testid="edit-access">
                              <FormattedMessage id="subAdmins.access" />
                            </Button>
                            <DeleteIconButton label={intl.formatMessage({ id: 'subAdmins.deleteOf' }, { name })} onClick={() => setDeleting(subAdmin)} data-testid="delete-sub-admin" />
                          </Actions>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </TableScroll>
            <PagerFooter
              pageInfo={list.data.pageInfo}
              page={page}
              onPage={setPage}
            />
          </>
        )}
      </ListCard>
      <CreateSubAdminDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(invited) => {
          showSnackbar(intl.formatMessage({ id: invited ? 'subAdmins.createdInvited' : 'subAdmins.created' }), 'success');
          setPage(1);
          void list.mutate();
        }}
      />
      <AccessDialog subAdmin={accessFor} onClose={() => setAccessFor(null)} onSaved={() => void list.mutate()} />
      <ConfirmDialog
        payload={deleting}
        subject={deleting ? `${deleting.first_name} ${deleting.last_name}`.trim() || deleting.email : undefined}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
      <PlanExceededDialog open={limitOpen} onOpenChange={setLimitOpen} planName={planName} field="subAdmin" />
    </PageStack>
  );
}
