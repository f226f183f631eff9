import styled from 'styled-components';
import { Link, useMatches } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRightIcon, HomeIcon } from '@/components/icons';
import type { RouteHandle } from '@/app/route-handle';
import type { MessageId } from '@/lib/i18n';

const Nav = styled.nav`
  margin-bottom: 18px;
  font-size: 13px;
`;

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};

  li { display: inline-flex; align-items: center; gap: 6px; }
  a { display: inline-flex; align-items: center; gap: 6px; color: inherit; text-decoration: none; border-radius: 4px; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
  [aria-current='page'] { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }
`;

/** Crumbs whose route is only a grouping, not a page of its own. */
const GROUP_ONLY: ReadonlySet<MessageId> = new Set<MessageId>(['nav.dashboard', 'crumb.profile']);

/** Breadcrumbs from the matched routes' `handle.crumb`. */
export function Breadcrumbs({ homeTo }: { homeTo: string }) {
  const intl = useIntl();
  const matches = useMatches();
  const crumbs: { id: MessageId; to: string }[] = [];
  for (const match of matches) {
    const crumb = (match.handle as RouteHandle | undefined)?.crumb;
    if (crumb && crumbs[crumbs.length - 1]?.id !== crumb) crumbs.push({ id: crumb, to: match.pathname });
  }
  return (
    <Nav aria-label={intl.formatMessage({ id: 'breadcrumb.label' })} data-testid="breadcrumbs">
      <List>
        <li>
          <Link to={homeTo}>
            <HomeIcon size={15} />
            <FormattedMessage id="nav.home" />
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.id}>
              <ChevronRightIcon size={14} />
              {last ? (
                <span aria-current="page">
                  <FormattedMessage id={crumb.id} />
                </span>
              ) : GROUP_ONLY.has(crumb.id) ? (
                <span>
                  <FormattedMessage id={crumb.id} />
                </span>
              ) : (
                <Link to={crumb.to}>
                  <FormattedMessage id={crumb.id} />
                </Link>
              )}
            </li>
          );
        })}
      </List>
    </Nav>
  );
}
