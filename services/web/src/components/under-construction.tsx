import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '@/components/ui/button';
import { HomeIcon, ToolIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';

/** Placeholder for screens that later work fills in. */
export function UnderConstruction({ variant = 1 }: { variant?: 1 | 2 }) {
  return (
    <StatusPage
      icon={<ToolIcon size={40} />}
      title={<FormattedMessage id="underConstruction.title" />}
      description={<FormattedMessage id={variant === 1 ? 'underConstruction.description' : 'underConstruction.description2'} />}
      actions={
        <ButtonLink to="/" $variant="outline">
          <HomeIcon size={18} />
          <FormattedMessage id="common.backToHome" />
        </ButtonLink>
      }
    />
  );
}
