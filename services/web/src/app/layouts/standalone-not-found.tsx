import { NotFound } from '@/components/not-found';
import { MaintenanceFrame } from '@/app/layouts/maintenance-frame';

/** 404 for paths outside the console and the maintenance area. */
export function StandaloneNotFound() {
  return (
    <MaintenanceFrame>
      <NotFound />
    </MaintenanceFrame>
  );
}
