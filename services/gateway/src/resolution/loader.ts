import { resolverEntrySchema } from '@product-console/shared';
import type { UpstreamErrorKind } from '../plugins/metrics.js';
import type { UpstreamClient } from '../plugins/upstream.js';
import type { ResolverLookup } from './resolver-cache.js';

export interface ResolverLoaderOptions {
  upstream: Pick<UpstreamClient, 'call'>;
  /** Told of every answer that says the API behind is not there (the client reports no answer at all). */
  onUpstreamError?: (kind: UpstreamErrorKind) => void;
}

const PATH = '/api/internal/resolver/entry?entryPath=';

/** `GET /api/internal/resolver/entry?entryPath=`: the record, null on 404 (and 400), throws otherwise. */
export function createResolverLoader({ upstream, onUpstreamError }: ResolverLoaderOptions) {
  return async (entryPath: string): Promise<ResolverLookup> => {
    const response = await upstream.call('GET', PATH + encodeURIComponent(entryPath));
    // 400: a path the API cannot hold an entry under (it checks the form of entry paths).
    if (response.status === 404 || response.status === 400) return null;
    if (response.status !== 200) {
      if (response.status >= 500) onUpstreamError?.(response.status === 504 ? 'timeout' : response.status === 503 ? 'unavailable' : 'bad_gateway');
      throw new Error(`resolver entry lookup answered ${response.status}`);
    }
    const parsed = resolverEntrySchema.safeParse(response.body);
    if (!parsed.success) throw new Error('resolver entry does not fit the contract', { cause: parsed.error });
    return parsed.data;
  };
}
