import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '@/components/ui/button';
import { HomeIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';

/** Shown for every unknown path, inside the console shell or on its own. */
export function NotFound() {
  return (
    <StatusPage
      code="404"
      title={<FormattedMessage id="error.route.404" />}
      description={<FormattedMessage id="notFound.description" />}
      actions={
        <ButtonLink to="/">
          <HomeIcon size={18} />
          <FormattedMessage id="common.backToHome" />
        </ButtonLink>
      }
    />
  );
}
