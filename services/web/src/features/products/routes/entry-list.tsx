import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { DEFAULT_PAGE_SIZE, isAdminRole, type ProductSummary } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BoxIcon, PlusIcon, SearchIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { PagerFooter } from '@/components/paged-table';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/field';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { PROJECTS_KEY, useProjects } from '@/lib/projects';
import { showSnackbar } from '@/lib/snackbar';
import { PRODUCTS_KEY_PREFIX, useProducts, type ProductListParams } from '@/features/products/api/get-products';
import { deleteProducts, moveProducts } from '@/features/products/api/product-mutations';
import { createProject, deleteProject, updateProject } from '@/features/products/api/project-mutations';
import { ListBody } from '@/features/products/components/list-body';
import { MoveDialog } from '@/features/products/components/move-dialog';
import { ProductTable } from '@/features/products/components/product-table';
import { ProjectDialog } from '@/features/products/components/project-dialog';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  padding: 16px 22px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const SearchBox = styled.div`
  position: relative;
  flex: 1 1 240px;
  max-width: 360px;
  svg { position: absolute; left: 12px; top: 50%; transform: translateY(-50%); color: ${({ theme }) => theme.colors.textMuted}; }
  input { padding-left: 38px; height: 38px; }
`;

const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
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

/** /{serviceName}/entry-list[/{projectId}]: products of all projects or one, with project and bulk actions. */
export function EntryListRoute() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { serviceName = '', projectId: projectParam } = useParams();
  const projectId = projectParam === undefined ? undefined : Number(projectParam);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const search = searchParams.get('q') ?? '';
  const sortParam = searchParams.get('sort');
  const sortId: SortId = isSortId(sortParam) ? sortParam : 'newest';
  const [searchText, setSearchText] = useState(search);
  const user = useCurrentUser();
  const admin = user ? isAdminRole(user.roleId) : false;
  const { mutate } = useSWRConfig();
  const sendOnce = useIdempotentSubmit();

  const projects = useProjects();
  const project = projects.data?.result.find((item) => item.project_id === projectId);
  const list = useProducts({ page, size: DEFAULT_PAGE_SIZE, projectId, search: search || undefined, ...SORTS[sortId] });

  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [moving, setMoving] = useState<number[] | null>(null);
  const [projectDialog, setProjectDialog] = useState<'create' | 'edit' | null>(null);
  const [deletingProject, setDeletingProject] = useState<number | null>(null);

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
  const title = projectId === undefined ? intl.formatMessage({ id: 'products.allTitle' }) : (project?.project_name ?? '');
  const addTo = `/${encodeURIComponent(serviceName)}/project/${projectId ?? 'none'}/add-product`;

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

  async function runDeleteProject(id: number) {
    try {
      await deleteProject(id);
      await mutate(PROJECTS_KEY);
      showSnackbar(intl.formatMessage({ id: 'projects.deleted' }), 'success');
      navigate(`/${encodeURIComponent(serviceName)}/entry-list`);
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
      throw error;
    }
  }

  return (
    <div style={{ display: 'grid', gap: 24 }}>
      <PageHeader
        title={<span data-testid="entry-list-title">{title}</span>}
        description={project?.description || <FormattedMessage id="products.subtitle" />}
        actions={
          <HeaderActions>
            {admin ? (
              <Button $variant="outline" onClick={() => setProjectDialog('create')} data-testid="project-create">
                <PlusIcon size={16} />
                <FormattedMessage id="projects.create" />
              </Button>
            ) : null}
            {project ? (
              <Button $variant="outline" onClick={() => setProjectDialog('edit')} data-testid="project-edit">
                <FormattedMessage id="projects.edit" />
              </Button>
            ) : null}
            {project && admin ? (
              <Button $variant="danger" onClick={() => setDeletingProject(project.project_id)} data-testid="project-delete">
                <FormattedMessage id="projects.delete" />
              </Button>
            ) : null}
            <ButtonLink to={addTo} data-testid="entry-list-add">
              <PlusIcon size={16} />
              <FormattedMessage id="nav.addProducts" />
            </ButtonLink>
          </HeaderActions>
        }
      />
      <Card>
        <Toolbar>
          <SearchBox>
            <SearchIcon size={16} />
            <label htmlFor="product-search">
              <VisuallyHidden>
                <FormattedMessage id="products.search" />
              </VisuallyHidden>
            </label>
            <Input
              id="product-search"
              type="search"
              value={searchText}
              placeholder={intl.formatMessage({ id: 'products.search' })}
              onChange={(event) => setSearchText(event.target.value)}
              data-testid="product-search"
            />
          </SearchBox>
          <label htmlFor="product-sort">
            <VisuallyHidden>
              <FormattedMessage id="products.sort" />
            </VisuallyHidden>
          </label>
          <Select id="product-sort" style={{ width: 'auto' }} value={sortId} onChange={(event) => update({ sort: event.target.value, page: null })} data-testid="product-sort">
            {(Object.keys(SORTS) as SortId[]).map((id) => (
              <option key={id} value={id}>
                {intl.formatMessage({ id: `products.sort.${id}` as 'products.sort.newest' })}
              </option>
            ))}
          </Select>
          {selected.size > 0 ? (
            <HeaderActions role="group" aria-label={intl.formatMessage({ id: 'products.selected' }, { count: selected.size })}>
              <span data-testid="selected-count">
                <FormattedMessage id="products.selected" values={{ count: selected.size }} />
              </span>
              <Button $size="sm" $variant="outline" onClick={() => setMoving(selectedIds)} data-testid="bulk-move">
                <FormattedMessage id="products.moveSelected" />
              </Button>
              <Button $size="sm" $variant="danger" onClick={() => setDeleting(selectedIds)} data-testid="bulk-delete">
                <FormattedMessage id="products.deleteSelected" />
              </Button>
            </HeaderActions>
          ) : null}
        </Toolbar>
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
          total={(count) => <FormattedMessage id="products.total" values={{ count }} />}
          totalTestId="product-total"
        />
      </Card>

      <ConfirmDialog payload={deleting} onConfirm={runDelete} onClose={() => setDeleting(null)} />
      <ConfirmDialog payload={deletingProject} onConfirm={runDeleteProject} onClose={() => setDeletingProject(null)} />
      <MoveDialog
        productIds={moving}
        projects={projects.data?.result ?? []}
        currentProjectId={projectId}
        onMove={runMove}
        onClose={() => setMoving(null)}
      />
      <ProjectDialog
        open={projectDialog !== null}
        project={projectDialog === 'edit' ? project : undefined}
        onOpenChange={(open) => !open && setProjectDialog(null)}
        onSave={async (values) => {
          if (projectDialog === 'edit' && project) {
            await updateProject(project.project_id, { name: values.project_name, description: values.description });
            await mutate(PROJECTS_KEY);
          } else {
            const created = await sendOnce(values, (idempotencyKey) => createProject(values, idempotencyKey));
            await mutate(PROJECTS_KEY);
            navigate(`/${encodeURIComponent(serviceName)}/entry-list/${created.result.project_id}`);
          }
          showSnackbar(intl.formatMessage({ id: 'projects.saved' }), 'success');
        }}
      />
    </div>
  );
}
