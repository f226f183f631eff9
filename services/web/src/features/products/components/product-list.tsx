import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { DEFAULT_PAGE_SIZE, type Project, type ProductSummary } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListBody } from '@/components/list-body';
import { BoxIcon, PlusIcon } from '@/components/icons';
import { ListToolbar, SearchBox } from '@/components/list-toolbar';
import { PagerFooter } from '@/components/paged-table';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Select } from '@/components/ui/field';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { apiErrorMessage } from '@/lib/api-error-message';
import { PROJECTS_KEY } from '@/lib/projects';
import { showSnackbar } from '@/lib/snackbar';
import { PRODUCTS_KEY_PREFIX, useProducts, type ProductListParams } from '@/features/products/api/get-products';
import { deleteProducts, moveProducts } from '@/features/products/api/product-mutations';
import { MoveDialog } from '@/features/products/components/move-dialog';
import { ProductTable } from '@/features/products/components/product-table';

const BulkActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const SortSelect = styled(Select)`
  width: auto;
`;

const SORTS = {
  newest: { sort: 'createdAt', order: 'desc' },
  oldest: { sort: 'createdAt', order: 'asc' },
  name: { sort: 'product_name', order: 'asc' },
  number: { sort: 'product_number', order: 'asc' },
  updated: { sort: 'updatedAt', order: 'desc' },
} as const satisfies Record<string, Pick<ProductListParams, 'sort' | 'order'>>;
type SortId = keyof typeof SORTS;

const isSortId = (value: string | null): value is SortId => value !== null && value in SORTS;

/** Where a product is added: to the project shown, or to one chosen in the form (`none`). */
export const addProductPath = (serviceName: string, projectId: number | undefined) =>
  `/${encodeURIComponent(serviceName)}/project/${projectId ?? 'none'}/add-product`;

interface ProductListProps {
  serviceName: string;
  /** The project whose products are listed; all projects' when absent. */
  projectId?: number;
  /** The projects a product can be moved to. */
  projects: Project[];
}

/**
 * The products of all projects or one: search, sort and page (kept in the address), each product
 * moved or deleted, or several at once.
 */
export function ProductList({ serviceName, projectId, projects }: ProductListProps) {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const search = searchParams.get('q') ?? '';
  const sortParam = searchParams.get('sort');
  const sortId: SortId = isSortId(sortParam) ? sortParam : 'newest';
  const [searchText, setSearchText] = useState(search);
  const { mutate } = useSWRConfig();
  const list = useProducts({ page, size: DEFAULT_PAGE_SIZE, projectId, search: search || undefined, ...SORTS[sortId] });

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);

  useEffect(() => setSelected(new Set()), [projectId, page, search, sortId]);
  useEffect(() => setSearchText(search), [search]);
  useEffect(() => {
    if (searchText === search) return;
    const timer = setTimeout(() => update({ q: searchText || null, page: null }), 300);
    return () => clearTimeout(timer);
    // Only the typed text restarts the debounce.
  }, [searchText]);

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next, { replace: true });
  }

  const refresh = () =>
    Promise.all([
      mutate((key) => typeof key === 'string' && (key.startsWith(PRODUCTS_KEY_PREFIX) || key.startsWith('/bff/api/overview') || key.startsWith('/bff/api/product/?'))),
      mutate(PROJECTS_KEY),
    ]);

  const selectedIds = useMemo(() => [...selected], [selected]);
  const addTo = addProductPath(serviceName, projectId);

  async function runDelete(ids: number[]) {
    try {
      await deleteProducts(ids);
      showSnackbar(intl.formatMessage({ id: 'products.deleted' }, { count: ids.length }), 'success');
      setSelected(new Set());
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
      throw error;
    } finally {
      await refresh();
    }
  }

  async function runMove(ids: number[], target: number) {
    await moveProducts(ids, target);
    showSnackbar(intl.formatMessage({ id: 'products.moved' }, { count: ids.length }), 'success');
    setSelected(new Set());
    await refresh();
  }

  return (
    <Card>
      <ListToolbar>
        <SearchBox id="product-search" value={searchText} onChange={setSearchText} label={intl.formatMessage({ id: 'products.search' })} testId="product-search" />
        <label htmlFor="product-sort">
          <VisuallyHidden>
            <FormattedMessage id="products.sort" />
          </VisuallyHidden>
        </label>
        <SortSelect id="product-sort" value={sortId} onChange={(event) => update({ sort: event.target.value, page: null })} data-testid="product-sort">
          {(Object.keys(SORTS) as SortId[]).map((id) => (
            <option key={id} value={id}>
              {intl.formatMessage({ id: `products.sort.${id}` as 'products.sort.newest' })}
            </option>
          ))}
        </SortSelect>
        {selected.size > 0 ? (
          <BulkActions role="group" aria-label={intl.formatMessage({ id: 'products.selected' }, { count: selected.size })}>
            <span data-testid="selected-count">
              <FormattedMessage id="products.selected" values={{ count: selected.size }} />
            </span>
            <Button $size="sm" $variant="outline" onClick={() => setMoving(selectedIds)} data-testid="bulk-move">
              <FormattedMessage id="products.moveSelected" />
            </Button>
            <Button $size="sm" $variant="danger" onClick={() => setDeleting(selectedIds)} data-testid="bulk-delete">
              <FormattedMessage id="products.deleteSelected" />
            </Button>
          </BulkActions>
        ) : null}
      </ListToolbar>
      <ListBody
        items={list.data?.result}
        error={list.error}
        onRetry={() => void list.mutate()}
        testId="product-list"
        skeleton={{ rows: 5, height: '44px' }}
        emptyIcon={<BoxIcon size={28} />}
        empty={
          <>
            <p>
              <FormattedMessage id={search ? 'products.noMatch' : 'products.empty'} />
            </p>
            <ButtonLink to={addTo} $variant="outline">
              <PlusIcon size={16} />
              <FormattedMessage id="nav.addProducts" />
            </ButtonLink>
          </>
        }
      >
        {(items) => (
          <ProductTable
            serviceName={serviceName}
            products={items}
            selected={selected}
            canWrite
            onToggle={(id) =>
              setSelected((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onToggleAll={() =>
              setSelected((current) =>
                items.every((product) => current.has(product.productId)) ? new Set() : new Set(items.map((product) => product.productId)),
              )
            }
            onMove={(product: ProductSummary) => setMoving([product.productId])}
            onDelete={(product: ProductSummary) => setDeleting([product.productId])}
          />
        )}
      </ListBody>
      <PagerFooter
        pageInfo={list.data?.pageInfo}
        page={page}
        onPage={(next) => update({ page: String(next) })}
        totalTestId="product-total"
      />
      <ConfirmDialog
        payload={deleting}
        subject={deleting?.length === 1 ? list.data?.result.find((product) => product.productId === deleting[0])?.product_name : undefined}
        title={deleting && deleting.length > 1 ? <FormattedMessage id="confirm.deleteProducts" values={{ count: deleting.length }} /> : undefined}
        onConfirm={runDelete}
        onClose={() => setDeleting(null)}
      />
      <MoveDialog productIds={moving} projects={projects} currentProjectId={projectId} onMove={runMove} onClose={() => setMoving(null)} />
    </Card>
  );
}
