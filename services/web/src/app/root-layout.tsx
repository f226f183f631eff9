import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { useIntl } from 'react-intl';
import type { RouteHandle } from '@/app/route-handle';

/** Keeps the document title on the deepest route's label, in the UI language. */
function DocumentTitle() {
  const intl = useIntl();
  const matches = useMatches();
  const handle = [...matches].reverse().map((match) => match.handle as RouteHandle | undefined).find((h) => h?.crumb || h?.titleId);
  const app = intl.formatMessage({ id: 'app.name' });
  const pageId = handle?.crumb ?? handle?.titleId;
  const title = pageId ? `${intl.formatMessage({ id: pageId })} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
