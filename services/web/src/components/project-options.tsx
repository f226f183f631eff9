import { useIntl } from 'react-intl';
import type { Project } from '@product-console/shared';

/** The options of a project filter: all projects (value ''), then each project by name. */
export function ProjectOptions({ projects }: { projects: Project[] }) {
  const intl = useIntl();
  return (
    <>
      <option value="">{intl.formatMessage({ id: 'nav.projectsAll' })}</option>
      {projects.map((project) => (
        <option key={project.project_id} value={project.project_id}>
          {project.project_name}
        </option>
      ))}
    </>
  );
}
