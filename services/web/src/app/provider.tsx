import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { QUERY_RETRY_COUNT, QUERY_STALE_TIME_MS, type SessionInfo, type UiLanguage } from '@product-console/shared';
import { SnackbarHost } from '@/components/snackbar-host';
import { apiFetcher, configureApiClient, isApiError, SESSION_PROBE_PATH } from '@/lib/api-client';
import { LanguageProvider, type LoadedMessages } from '@/lib/i18n';
import { rememberSession } from '@/lib/session-hint';
import { SessionScopeContext } from '@/lib/session-scope';
import { AppThemeProvider } from '@/theme/theme-settings';

const RETRY_DELAY_MS = 1000;

/**
 * One fetcher for every key, no refetch on window focus, answers shared for the stale time,
 * and one retry, except for 4xx answers which a retry would not change.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: apiFetcher,
  dedupingInterval: QUERY_STALE_TIME_MS,
  revalidateOnFocus: false,
  errorRetryCount: QUERY_RETRY_COUNT,
  onErrorRetry: (error, _key, config, revalidate, { retryCount }) => {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return;
    if (retryCount > (config.errorRetryCount ?? QUERY_RETRY_COUNT)) return;
    window.setTimeout(() => void revalidate({ retryCount }), RETRY_DELAY_MS);
  },
};

interface ScopeState {
  id: number;
  /** The session the new cache starts with; undefined means "probe the gateway". */
  session: SessionInfo | null | undefined;
}

function SessionScope({ children, config }: { children: ReactNode; config?: SWRConfiguration }) {
  const [scope, setScope] = useState<ScopeState>({ id: 0, session: undefined });

  const resetSessionScope = useCallback((session: SessionInfo | null) => {
    rememberSession(session);
    setScope((current) => ({ id: current.id + 1, session }));
  }, []);

  useEffect(() => {
    configureApiClient({ onUnauthenticated: () => resetSessionScope(null) });
  }, [resetSessionScope]);

  const value = useMemo<SWRConfiguration>(
    () => ({
      ...swrConfig,
      ...config,
      provider: () => new Map(),
      fallback: scope.session === undefined ? {} : { [SESSION_PROBE_PATH]: scope.session },
    }),
    [scope, config],
  );

  return (
    <SessionScopeContext.Provider value={resetSessionScope}>
      <SWRConfig key={scope.id} value={value}>
        {children}
      </SWRConfig>
    </SessionScopeContext.Provider>
  );
}

interface AppProviderProps {
  children: ReactNode;
  language?: UiLanguage;
  messages?: LoadedMessages;
  /** Tests turn off retries and deduplication. */
  swr?: SWRConfiguration;
}

export function AppProvider({ children, language, messages, swr }: AppProviderProps) {
  return (
    <AppThemeProvider>
      <LanguageProvider initialLanguage={language} initialMessages={messages}>
        <SessionScope config={swr}>{children}</SessionScope>
        <SnackbarHost />
      </LanguageProvider>
    </AppThemeProvider>
  );
}
