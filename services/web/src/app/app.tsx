import { RouterProvider } from 'react-router-dom';
import type { UiLanguage } from '@product-console/shared';
import { configureApiClient } from '@/lib/api-client';
import type { LoadedMessages } from '@/lib/i18n';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';

const router = createAppRouter();

// The api client navigates from outside React (401 -> /login, 403 -> /maintenance/403).
configureApiClient({ navigate: (to) => void router.navigate(to, { replace: true }) });

export function App({ language, messages }: { language: UiLanguage; messages: LoadedMessages }) {
  return (
    <AppProvider language={language} messages={messages}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
