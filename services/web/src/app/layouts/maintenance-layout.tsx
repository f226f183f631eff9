import { Outlet } from 'react-router-dom';
import { useSession } from '@/features/auth/api/get-session';
import { MaintenanceFrame } from '@/app/layouts/maintenance-frame';

/** `/maintenance/*`: tells its pages the user's service name (the plan-limit page links to pricing). */
export function MaintenanceLayout() {
  const { session } = useSession();
  const serviceName = session?.user.serviceName || null;
  return (
    <MaintenanceFrame>
      <Outlet context={{ serviceName }} />
    </MaintenanceFrame>
  );
}
