import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import { isAdminRole, type Project } from '@product-console/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useCurrentUser } from '@/lib/current-user';
import { useIdempotentSubmit } from '@/lib/idempotency-key';
import { PROJECTS_KEY } from '@/lib/projects';
import { showSnackbar } from '@/lib/snackbar';
import { createProject, deleteProject, updateProject } from '@/features/projects/api/project-mutations';
import { ProjectDialog } from '@/features/projects/components/project-dialog';

interface ProjectActionsProps {
  serviceName: string;
  /** The project the page shows; absent on the list of all projects' products. */
  project?: Project;
}

/**
 * The project buttons of a product list's header: an admin creates and deletes projects; the
 * project shown can be renamed and described. A new project's list opens once it is created.
 */
export function ProjectActions({ serviceName, project }: ProjectActionsProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const sendOnce = useIdempotentSubmit();
  const user = useCurrentUser();
  const admin = user ? isAdminRole(user.roleId) : false;
  const [dialog, setDialog] = useState<'create' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const entryList = `/${encodeURIComponent(serviceName)}/entry-list`;

  async function runDelete(id: number) {
    try {
      await deleteProject(id);
      await mutate(PROJECTS_KEY);
      showSnackbar(intl.formatMessage({ id: 'projects.deleted' }), 'success');
      navigate(entryList);
    } catch (error) {
      showSnackbar(apiErrorMessage(intl, error), 'error');
      throw error;
    }
  }

  return (
    <>
      {admin ? (
        <Button $variant="outline" onClick={() => setDialog('create')} data-testid="project-create">
          <PlusIcon size={16} />
          <FormattedMessage id="projects.create" />
        </Button>
      ) : null}
      {project ? (
        <Button $variant="outline" onClick={() => setDialog('edit')} data-testid="project-edit">
          <FormattedMessage id="projects.edit" />
        </Button>
      ) : null}
      {project && admin ? (
        <Button $variant="danger" onClick={() => setDeleting(project.project_id)} data-testid="project-delete">
          <FormattedMessage id="projects.delete" />
        </Button>
      ) : null}
      <ConfirmDialog payload={deleting} subject={project?.project_name} onConfirm={runDelete} onClose={() => setDeleting(null)} />
      <ProjectDialog
        open={dialog !== null}
        project={dialog === 'edit' ? project : undefined}
        onOpenChange={(open) => !open && setDialog(null)}
        onSave={async (values) => {
          if (dialog === 'edit' && project) {
            await updateProject(project.project_id, { name: values.project_name, description: values.description });
            await mutate(PROJECTS_KEY);
          } else {
            const created = await sendOnce(values, (idempotencyKey) => createProject(values, idempotencyKey));
            await mutate(PROJECTS_KEY);
            navigate(`${entryList}/${created.result.project_id}`);
          }
          showSnackbar(intl.formatMessage({ id: 'projects.saved' }), 'success');
        }}
      />
    </>
  );
}
