import { FormattedMessage } from 'react-intl';
import { HomeIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';
import { ButtonLink } from '@/components/ui/button';

/** /maintenance/403: where the api client sends every 403 answer. */
export function ForbiddenRoute() {
  return (
    <StatusPage
      code="403"
      title={<FormattedMessage id="maintenance.403.title" />}
      description={<FormattedMessage id="maintenance.403.description" />}
      actions={
        <ButtonLink to="/">
          <HomeIcon size={18} />
          <FormattedMessage id="common.backToHome" />
        </ButtonLink>
      }
    />
  );
}
