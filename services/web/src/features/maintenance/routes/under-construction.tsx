import { UnderConstruction } from '@/components/under-construction';

/** /maintenance/under-construction */
export function UnderConstructionRoute() {
  return <UnderConstruction variant={1} />;
}

/** /maintenance/under-construction2 */
export function UnderConstruction2Route() {
  return <UnderConstruction variant={2} />;
}
