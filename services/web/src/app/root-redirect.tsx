import { Navigate } from 'react-router-dom';
import { FullPageSpinner } from '@/components/ui/spinner';
import { homePath } from '@/lib/home-path';
import { useSession } from '@/features/auth/api/get-session';

/** `/`: waits for the session, then sends the visitor where they start (spec point 2). */
export function RootRedirect() {
  const { session, isLoading, error } = useSession();
  if (error) throw error;
  if (isLoading || session === undefined) return <FullPageSpinner />;
  return <Navigate to={homePath(session)} replace />;
}
