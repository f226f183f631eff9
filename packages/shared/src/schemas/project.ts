import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../constants/limits.js';
import { text } from './common.js';

/** Project of spec point 3. */
export const projectSchema = z.object({
  project_id: z.number().int(),
  project_name: z.string(),
  description: z.string(),
  productCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

const projectName = text().trim().min(1).max(NAME_MAX_LENGTH);
const projectDescription = text().trim().max(DESCRIPTION_MAX_LENGTH);

export const createProjectBodySchema = z.object({
  project_name: projectName,
  description: projectDescription.default(''),
});
export type CreateProjectBody = z.infer<typeof createProjectBodySchema>;

export const updateProjectBodySchema = z
  .object({ name: projectName.optional(), description: projectDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Give a name or a description',
  });
export type UpdateProjectBody = z.infer<typeof updateProjectBodySchema>;

export const projectResponseSchema = z.object({ result: projectSchema });
export const projectListResponseSchema = z.object({ result: z.array(projectSchema) });
