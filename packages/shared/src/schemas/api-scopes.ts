import { z } from 'zod';

/* The scopes of API keys (issue 30 §1): the one list the API, the console and the documentation read. */

/** What an API key may do, per resource and access. The console groups them by resource. */
export const API_SCOPES = [
  'projects:read',
  'products:read',
  'products:write',
  'batches:read',
  'batches:write',
  'serials:read',
  'serials:write',
  'links:read',
  'links:write',
  'content:read',
  'content:write',
  'passports:read',
  'passports:publish',
  'recalls:read',
  'recalls:write',
  'places:read',
  'places:write',
  'epcis:capture',
  'epcis:query',
  'webhooks:read',
  'webhooks:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const apiScopeSchema = z.enum(API_SCOPES);

/** The scopes keys made before scopes existed hold: EPCIS capture and query, as before. */
export const EPCIS_SCOPES = ['epcis:capture', 'epcis:query'] as const satisfies readonly ApiScope[];

/** The resource of a scope (`products` of `products:write`), the console's group. */
export const scopeResource = (scope: ApiScope): string => scope.slice(0, scope.indexOf(':'));

/** The scopes grouped by resource, in the list's order. */
export const API_SCOPE_GROUPS: { resource: string; scopes: ApiScope[] }[] = API_SCOPES.reduce<{ resource: string; scopes: ApiScope[] }[]>((groups, scope) => {
  const resource = scopeResource(scope);
  const group = groups.find((candidate) => candidate.resource === resource);
  if (group) group.scopes.push(scope);
  else groups.push({ resource, scopes: [scope] });
  return groups;
}, []);
