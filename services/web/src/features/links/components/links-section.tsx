import { useState } from 'react';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entry, Link } from '@product-console/shared';
import { ConfirmDialog, DeleteIconButton } from '@/components/confirm-dialog';
import { ArrowDownIcon, ArrowUpIcon, LinkIcon, PencilIcon, PlusIcon } from '@/components/icons';
import { ListBody } from '@/components/list-body';
import { Button, IconButton } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLinkLimitCheck } from '@/lib/plan';
import { showSnackbar } from '@/lib/snackbar';
import { sortLinks, useActiveLinks } from '@/features/links/api/get-links';
import { deleteLink, swapLinkOrder } from '@/features/links/api/link-mutations';
import { LinkEditDialog } from '@/features/links/components/link-edit-dialog';
import { LinkFacts, LinkItem, LinkList, LinkPosition } from '@/features/links/components/link-facts';

const Actions = styled.div`
  display: flex;
  gap: 2px;
  button:disabled { opacity: 0.35; cursor: not-allowed; }
`;

interface LinksSectionProps {
  productId: number;
  entry: Entry | null;
  serviceName: string;
  canWrite: boolean;
}

/** The product's active links, in order, with edit, move, delete and "Add link". */
export function LinksSection({ productId, entry, serviceName, canWrite }: LinksSectionProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { data, error, mutate } = useActiveLinks(productId);
  const [editing, setEditing] = useState<Link | null>(null);
  const [deleting, setDeleting] = useState<Link | null>(null);
  const [moving, setMoving] = useState(false);
  const linkLimit = useLinkLimitCheck(productId);
  const links = data ? sortLinks(data.result) : undefined;
  const writable = canWrite && entry !== null;
  const newLinkPath = `/${encodeURIComponent(serviceName)}/product-details/${productId}/new-link`;

  async function addLink() {
    navigate((await linkLimit.check()) ? '/maintenance/plan-limit?type=usage' : newLinkPath);
  }

  async function move(index: number, direction: -1 | 1) {
    if (!links) return;
    setMoving(true);
    try {
      await swapLinkOrder(links, index, direction);
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
    } finally {
      await mutate();
      setMoving(false);
    }
  }

  async function remove(link: Link) {
    if (!entry) return;
    try {
      await deleteLink(link, { entryPath: entry.entryPath, entryId: entry.entry_id });
      showSnackbar(intl.formatMessage({ id: 'links.deleted' }), 'success');
    } catch (cause) {
      showSnackbar(apiErrorMessage(intl, cause), 'error');
      throw cause;
    } finally {
      await mutate();
    }
  }

  const label = (id: 'links.moveUp' | 'links.moveDown' | 'links.edit' | 'links.delete', link: Link) => intl.formatMessage({ id }, { title: link.title });

  return (
    <Card data-testid="links-section">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="links.title" />
        </CardTitle>
        {writable ? (
          <Button $size="sm" onClick={() => void addLink()} disabled={linkLimit.checking} data-testid="link-add">
            {linkLimit.checking ? <Spinner size={14} /> : <PlusIcon size={16} />}
            <FormattedMessage id="links.add" />
          </Button>
        ) : null}
      </CardHeader>
      <ListBody
        items={links}
        error={error}
        onRetry={() => void mutate()}
        testId="links"
        skeleton={{ rows: 2, height: '44px' }}
        emptyIcon={<LinkIcon size={28} />}
        empty={
          <p>
            <FormattedMessage id="links.empty" />
          </p>
        }
      >
        {(sorted) => (
          <LinkList data-testid="links-list" aria-busy={moving}>
            {sorted.map((link, index) => (
              <LinkItem key={link.linkId} data-testid={`link-row-${link.linkId}`} data-link-type={link.linkType}>
                <LinkPosition aria-label={intl.formatMessage({ id: 'links.position' }, { position: index + 1 })}>{index + 1}</LinkPosition>
                <LinkFacts link={link} />
                {writable ? (
                  <Actions>
                    <IconButton
                      aria-label={label('links.moveUp', link)}
                      title={label('links.moveUp', link)}
                      disabled={moving || index === 0}
                      onClick={() => void move(index, -1)}
                      data-testid={`link-up-${link.linkId}`}
                    >
                      <ArrowUpIcon size={18} />
                    </IconButton>
                    <IconButton
                      aria-label={label('links.moveDown', link)}
                      title={label('links.moveDown', link)}
                      disabled={moving || index === sorted.length - 1}
                      onClick={() => void move(index, 1)}
                      data-testid={`link-down-${link.linkId}`}
                    >
                      <ArrowDownIcon size={18} />
                    </IconButton>
                    <IconButton
                      aria-label={label('links.edit', link)}
                      title={label('links.edit', link)}
                      onClick={() => setEditing(link)}
                      data-testid={`link-edit-${link.linkId}`}
                    >
                      <PencilIcon size={18} />
                    </IconButton>
                    <DeleteIconButton label={label('links.delete', link)} onClick={() => setDeleting(link)} data-testid={`link-delete-${link.linkId}`} />
                  </Actions>
                ) : (
                  <span />
                )}
              </LinkItem>
            ))}
          </LinkList>
        )}
      </ListBody>
      <LinkEditDialog link={editing} onClose={() => setEditing(null)} onSaved={() => mutate()} />
      <ConfirmDialog payload={deleting} subject={deleting?.title} onConfirm={remove} onClose={() => setDeleting(null)} />
    </Card>
  );
}
