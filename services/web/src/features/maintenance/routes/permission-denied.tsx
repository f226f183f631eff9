import { useNavigate } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ChevronLeftIcon, LockIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';
import { Button } from '@/components/ui/button';

/** /maintenance/permission-denied: a sub-admin without access to what they opened. */
export function PermissionDeniedRoute() {
  const navigate = useNavigate();
  return (
    <StatusPage
      icon={<LockIcon size={40} />}
      title={<FormattedMessage id="permissionDenied.title" />}
      description={<FormattedMessage id="permissionDenied.description" />}
      actions={
        <Button onClick={() => navigate(-1)}>
          <ChevronLeftIcon size={18} />
          <FormattedMessage id="permissionDenied.goBack" />
        </Button>
      }
    />
  );
}
