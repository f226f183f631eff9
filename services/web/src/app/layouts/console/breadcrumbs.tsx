import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link, useMatches, useParams } from 'react-router-dom';
import { useIntl } from 'react-intl';
import { ChevronRightIcon, HomeIcon } from '@/components/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useProjects } from '@/lib/projects';
import { down } from '@/theme/media';
import { useProduct } from '@/features/products/api/get-product';
import type { RouteHandle, TrailItem } from '@/app/route-handle';

const Nav = styled.nav`
  margin-bottom: 18px;
  font-size: 13px;
  min-width: 0;
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

  li { display: inline-flex; align-items: center; gap: 6px; min-width: 0; max-width: 100%; }
  li > svg { flex: none; }
  li > span { min-width: 0; }
  a { display: inline-flex; align-items: center; gap: 6px; min-width: 0; color: inherit; text-decoration: none; border-radius: 4px; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
  [aria-current='page'] { color: ${({ theme }) => theme.colors.text}; font-weight: 600; }

  /* On a phone the trail stays on one line: each crumb gives way, the current page last. */
  ${down('sm')} {
    flex-wrap: nowrap;
    li { flex: 0 1 auto; }
    li:first-child { flex: none; }
    li:last-child { flex: none; max-width: 45%; }
  }
`;

const Text = styled.span`
  display: block;
  min-width: 0;
  max-width: 22em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Loading = styled(Skeleton)`
  display: inline-block;
  vertical-align: middle;
`;

interface Crumb {
  key: string;
  label: ReactNode;
  /** The whole name, for a crumb cut short on a narrow screen. */
  title?: string;
  to?: string;
}

const PRODUCT_ITEMS: ReadonlySet<TrailItem> = new Set<TrailItem>(['productProject', 'product', 'traceProduct']);

/**
 * Breadcrumbs from the matched routes' handles: the place of the page (products, project, product,
 * named from the data the page has already loaded) and then the page itself. Every crumb but the
 * last is a link; the last is the current page.
 */
export function Breadcrumbs({ homeTo }: { homeTo: string }) {
  const intl = useIntl();
  const matches = useMatches();
  const { serviceName = '', productId, projectId } = useParams();
  const base = `/${encodeURIComponent(serviceName)}`;
  const handles = matches.map((match) => ({ handle: match.handle as RouteHandle | undefined, pathname: match.pathname }));
  const needsProduct = handles.some(({ handle }) => [...(handle?.trail ?? []), ...(handle?.page ? [handle.page] : [])].some((item) => PRODUCT_ITEMS.has(item)));
  // Same cache keys as the pages: the shell's project list and the product the page shows.
  const product = useProduct(needsProduct ? productId : undefined);
  const projects = useProjects();

  const loading = (key: string): Crumb => ({ key, label: <Loading $width="6em" /> });
  function named(key: string, name: string | undefined, to: string, pending: boolean): Crumb | null {
    if (name) return { key, label: name, title: name, to };
    return pending ? loading(key) : null;
  }

  function resolve(item: TrailItem): Crumb | null {
    const detail = product.data?.product;
    const productPending = product.isLoading || (!detail && !product.error);
    switch (item) {
      case 'products':
        return { key: 'products', label: intl.formatMessage({ id: 'nav.products' }), to: `${base}/entry-list` };
      case 'project': {
        const id = Number(projectId);
        if (!Number.isInteger(id) || id <= 0) return null; // 'none': added from the sidebar, no project yet
        const project = projects.data?.result.find((candidate) => candidate.project_id === id);
        return named(`project-${id}`, project?.project_name, `${base}/entry-list/${id}`, !projects.data && !projects.error);
      }
      case 'productProject':
        return named(`project-${detail?.project_id ?? '?'}`, detail?.project_name, `${base}/entry-list/${detail?.project_id}`, productPending);
      case 'product':
        return named(`product-${productId}`, detail?.product_name, `${base}/product-details/${productId}`, productPending);
      case 'traceProduct':
        return named(`trace-${productId}`, detail?.product_name, `${base}/epcis/${productId}`, productPending);
    }
  }

  const crumbs: Crumb[] = [];
  const push = (crumb: Crumb | null) => {
    if (crumb && crumbs[crumbs.length - 1]?.key !== crumb.key) crumbs.push(crumb);
  };
  for (const { handle, pathname } of handles) {
    if (!handle) continue;
    for (const item of handle.trail ?? []) push(resolve(item));
    if (handle.page) push(resolve(handle.page));
    else if (handle.crumb) {
      const label = intl.formatMessage({ id: handle.crumb });
      push({ key: handle.crumb, label, to: handle.crumbTo ? `${pathname.replace(/\/$/, '')}/${handle.crumbTo}` : pathname });
    }
  }

  const home = intl.formatMessage({ id: 'nav.home' });
  return (
    <Nav aria-label={intl.formatMessage({ id: 'breadcrumb.label' })} data-testid="breadcrumbs">
      <List>
        <li>
          <Link to={homeTo} aria-label={home} title={home}>
            <HomeIcon size={15} />
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const text = <Text title={crumb.title}>{crumb.label}</Text>;
          return (
            <li key={crumb.key}>
              <ChevronRightIcon size={14} />
              {last ? (
                <span aria-current="page">{text}</span>
              ) : crumb.to ? (
                <Link to={crumb.to}>{text}</Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </List>
    </Nav>
  );
}
