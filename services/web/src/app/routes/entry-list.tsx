import styled from 'styled-components';
import { useParams } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/page-header';
import { ButtonLink } from '@/components/ui/button';
import { PageStack } from '@/components/ui/page-stack';
import { useProjects } from '@/lib/projects';
import { ProductList, addProductPath } from '@/features/products/components/product-list';
import { ProjectActions } from '@/features/projects/components/project-actions';

const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * /{serviceName}/entry-list[/{projectId}]: the products of all projects or one (products feature),
 * under the project's own actions (projects feature).
 */
export function EntryListRoute() {
  const intl = useIntl();
  const { serviceName = '', projectId: projectParam } = useParams();
  const projectId = projectParam === undefined ? undefined : Number(projectParam);
  const projects = useProjects();
  const project = projects.data?.result.find((item) => item.project_id === projectId);
  const title = projectId === undefined ? intl.formatMessage({ id: 'products.allTitle' }) : (project?.project_name ?? '');

  return (
    <PageStack>
      <PageHeader
        title={<span data-testid="entry-list-title">{title}</span>}
        description={project?.description || <FormattedMessage id="products.subtitle" />}
        actions={
          <HeaderActions>
            <ProjectActions serviceName={serviceName} project={project} />
            <ButtonLink to={addProductPath(serviceName, projectId)} data-testid="entry-list-add">
              <PlusIcon size={16} />
              <FormattedMessage id="nav.addProducts" />
            </ButtonLink>
          </HeaderActions>
        }
      />
      <ProductList serviceName={serviceName} projectId={projectId} projects={projects.data?.result ?? []} />
    </PageStack>
  );
}
