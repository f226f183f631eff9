import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

/*
 * The typed client of the product console's public REST API (/api/v1). Paths, parameters, bodies
 * and answers are typed from the OpenAPI document the API serves (`openapi.json` here, generated
 * with `src/schema.ts` by `npm run generate:client -w services/api`); calls go through openapi-fetch.
 */

export type { components, operations, paths };
export type Schemas = components['schemas'];
export type Product = Schemas['Product'];
export type Project = Schemas['Project'];
export type Serial = Schemas['Serial'];
export type Problem = Schemas['Problem'];
export type PublicApiClient = Client<paths>;

export interface PublicApiClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** Where the console is served, e.g. `https://console.example.com` (the paths start with /api/v1). */
  baseUrl: string;
  /** An API key made by a manager in the console (`pck_…`), with the scopes the calls need. */
  apiKey: string;
}

/**
 * A client of /api/v1 that sends the key on every call:
 *
 * ```ts
 * const api = createPublicApiClient({ baseUrl: 'https://console.example.com', apiKey: process.env.API_KEY! });
 * const { data: product } = await api.POST('/api/v1/products', { body: { project_id: 1, product_name: 'Lamp', gtin: '09506000134352', service: 'DPP' } });
 * ```
 */
export function createPublicApiClient({ baseUrl, apiKey, headers, ...options }: PublicApiClientOptions): PublicApiClient {
  return createClient<paths>({ ...options, baseUrl: baseUrl.replace(/\/+$/, ''), headers: { ...headers, authorization: `Bearer ${apiKey}` } });
}
