import { useState } from 'react';
import styled from 'styled-components';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Entry, Link } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { AlertIcon, ArrowDownIcon, ArrowUpIcon, LinkIcon, PencilIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink, IconButton } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { showSnackbar } from '@/lib/snackbar';
import { isLinkLimitReached } from '@/features/products/api/check-access';
import { sortLinks, useActiveLinks } from '@/features/products/api/get-links';
import { deleteLink, swapLinkOrder } from '@/features/products/api/link-mutations';
import { StateBlock } from '@/features/products/components/list-state';
import { LinkEditDialog } from '@/features/products/components/link-edit-dialog';
import { languageName, linkTypeMessageId } from '@/features/products/components/link-model';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: 36px minmax(0, 1fr) auto;
  gap: 14px;
  align-items: center;
  padding: 14px 22px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: none; }
`;

const Position = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

const Main = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
`;

const TitleLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-weight: 600;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 14px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  a { overflow-wrap: anywhere; }
`;

const Actions = styled.div`
  display: flex;
  gap: 2px;
  button:disabled { opacity: 0.35; cursor: not-allowed; }
`;

const Code = styled.code`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 12px;
`;

/** One link's facts: type, title, target, language and its badges. */
export function LinkFacts({ link }: { link: Link }) {
  const intl = useIntl();
  const typeId = linkTypeMessageId(link.linkType);
  return (
    <Main>
      <TitleLine>
        <span data-testid={`link-title-${link.linkId}`}>{link.title || (typeId ? intl.formatMessage({ id: typeId }) : link.linkType)}</span>
        <Badge $tone="primary" title={link.linkType}>
          {typeId ? intl.formatMessage({ id: typeId }) : link.linkType}
        </Badge>
        {link.isDefault ? (
          <Badge $tone="success">
            <FormattedMessage id="links.badge.default" />
          </Badge>
        ) : null}
        {link.isAuto ? (
          <Badge>
            <FormattedMessage id="links.badge.auto" />
          </Badge>
        ) : null}
      </TitleLine>
      <Meta>
        <Code>{link.linkType}</Code>
        <a href={link.targetUrl} target="_blank" rel="noreferrer">
          {link.targetUrl}
        </a>
        <span>{link.lang ? languageName(intl.locale, link.lang) : intl.formatMessage({ id: 'links.anyLanguage' })}</span>
      </Meta>
    </Main>
  );
}

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
  const [checkingLimit, setCheckingLimit] = useState(false);
  const links = data ? sortLinks(data.result) : undefined;
  const writable = canWrite && entry !== null;
  const newLinkPath = `/${encodeURIComponent(serviceName)}/product-details/${productId}/new-link`;

  async function addLink() {
    setCheckingLimit(true);
    try {
      if (await isLinkLimitReached(productId)) navigate('/maintenance/plan-limit?type=usage');
      else navigate(newLinkPath);
    } finally {
      setCheckingLimit(false);
    }
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

  let body;
  if (error && !links) {
    body = (
      <StateBlock testId="links-error" icon={<AlertIcon size={28} />}>
        <p>{apiErrorMessage(intl, error)}</p>
        <Button $variant="outline" onClick={() => void mutate()}>
          <FormattedMessage id="common.retry" />
        </Button>
      </StateBlock>
    );
  } else if (!links) {
    body = (
      <div style={{ padding: 22, display: 'grid', gap: 12 }} aria-busy="true">
        <Skeleton $height="44px" />
        <Skeleton $height="44px" />
      </div>
    );
  } else if (links.length === 0) {
    body = (
      <StateBlock testId="links-empty" icon={<LinkIcon size={28} />}>
        <p>
          <FormattedMessage id="links.empty" />
        </p>
      </StateBlock>
    );
  } else {
    body = (
      <List data-testid="links-list" aria-busy={moving}>
        {links.map((link, index) => (
          <Item key={link.linkId} data-testid={`link-row-${link.linkId}`} data-link-type={link.linkType}>
            <Position aria-label={intl.formatMessage({ id: 'links.position' }, { position: index + 1 })}>{index + 1}</Position>
            <LinkFacts link={link} />
            {writable ? (
              <Actions>
                <IconButton
                  aria-label={intl.formatMessage({ id: 'links.moveUp' }, { title: link.title })}
                  title={intl.formatMessage({ id: 'links.moveUp' }, { title: link.title })}
                  disabled={moving || index === 0}
                  onClick={() => void move(index, -1)}
                  data-testid={`link-up-${link.linkId}`}
                >
                  <ArrowUpIcon size={18} />
                </IconButton>
                <IconButton
                  aria-label={intl.formatMessage({ id: 'links.moveDown' }, { title: link.title })}
                  title={intl.formatMessage({ id: 'links.moveDown' }, { title: link.title })}
                  disabled={moving || index === links.length - 1}
                  onClick={() => void move(index, 1)}
                  data-testid={`link-down-${link.linkId}`}
                >
                  <ArrowDownIcon size={18} />
                </IconButton>
                <IconButton
                  aria-label={intl.formatMessage({ id: 'links.edit' }, { title: link.title })}
                  title={intl.formatMessage({ id: 'links.edit' }, { title: link.title })}
                  onClick={() => setEditing(link)}
                  data-testid={`link-edit-${link.linkId}`}
                >
                  <PencilIcon size={18} />
                </IconButton>
                <IconButton
                  aria-label={intl.formatMessage({ id: 'links.delete' }, { title: link.title })}
                  title={intl.formatMessage({ id: 'links.delete' }, { title: link.title })}
                  onClick={() => setDeleting(link)}
                  data-testid={`link-delete-${link.linkId}`}
                >
                  <TrashIcon size={18} />
                </IconButton>
              </Actions>
            ) : (
              <span />
            )}
          </Item>
        ))}
      </List>
    );
  }

  return (
    <Card data-testid="links-section">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="links.title" />
        </CardTitle>
        {writable ? (
          <Button $size="sm" onClick={() => void addLink()} disabled={checkingLimit} data-testid="link-add">
            {checkingLimit ? <Spinner size={14} /> : <PlusIcon size={16} />}
            <FormattedMessage id="links.add" />
          </Button>
        ) : null}
      </CardHeader>
      {body}
      <LinkEditDialog link={editing} onClose={() => setEditing(null)} onSaved={() => mutate()} />
      <ConfirmDialog payload={deleting} onConfirm={remove} onClose={() => setDeleting(null)} />
    </Card>
  );
}

/** The links as a read-only list, with the way to manage them on the product's page. */
export function LinksOverview({ productId, serviceName }: { productId: number; serviceName: string }) {
  const intl = useIntl();
  const { data, error } = useActiveLinks(productId);
  const links = data ? sortLinks(data.result) : undefined;
  return (
    <Card data-testid="links-overview">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="links.title" />
        </CardTitle>
        <ButtonLink $size="sm" $variant="outline" to={`/${encodeURIComponent(serviceName)}/product-details/${productId}#links`} data-testid="links-manage">
          <FormattedMessage id="links.manage" />
        </ButtonLink>
      </CardHeader>
      {error && !links ? (
        <StateBlock testId="links-error" icon={<AlertIcon size={28} />}>
          <p>{apiErrorMessage(intl, error)}</p>
        </StateBlock>
      ) : !links ? (
        <div style={{ padding: 22 }} aria-busy="true">
          <Skeleton $height="44px" />
        </div>
      ) : links.length === 0 ? (
        <StateBlock testId="links-empty" icon={<LinkIcon size={28} />}>
          <p>
            <FormattedMessage id="links.empty" />
          </p>
        </StateBlock>
      ) : (
        <List>
          {links.map((link, index) => (
            <Item key={link.linkId}>
              <Position>{index + 1}</Position>
              <LinkFacts link={link} />
              <span />
            </Item>
          ))}
        </List>
      )}
    </Card>
  );
}
