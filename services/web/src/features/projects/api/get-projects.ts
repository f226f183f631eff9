// The project list is used by the console shell and the product screens: it lives in lib/.
export { PROJECTS_KEY, useProjects } from '@/lib/projects';
