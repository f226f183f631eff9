import type { CreateProjectBody, Project, UpdateProjectBody } from '@product-console/shared';
import { api } from '@/lib/api-client';

export const createProject = (body: CreateProjectBody, idempotencyKey?: string) =>
  api.post<{ result: Project }>('/bff/api/project', body, { idempotencyKey });
export const updateProject = (projectId: number, body: UpdateProjectBody) => api.patch<{ result: Project }>(`/bff/api/project/${projectId}`, body);
export const deleteProject = (projectId: number) => api.delete<{ result: true }>(`/bff/api/project/${projectId}`);
