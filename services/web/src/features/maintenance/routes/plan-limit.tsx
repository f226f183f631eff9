import { useNavigate, useOutletContext, useSearchParams } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ChevronLeftIcon, RocketIcon } from '@/components/icons';
import { StatusPage } from '@/components/status-page';
import { Button, ButtonLink } from '@/components/ui/button';

const TITLES = {
  feature: 'planLimit.featureTitle',
  usage: 'planLimit.usageTitle',
  other: 'planLimit.upgradeTitle',
} as const;

const DESCRIPTIONS = {
  feature: 'planLimit.featureDescription',
  usage: 'planLimit.usageDescription',
  other: 'planLimit.upgradeDescription',
} as const;

/** /maintenance/plan-limit?type=feature|usage: a plan does not allow what the user tried. */
export function PlanLimitRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const context = useOutletContext<{ serviceName: string | null } | undefined>();
  const type = searchParams.get('type');
  const kind = type === 'feature' || type === 'usage' ? type : 'other';
  const serviceName = context?.serviceName;
  const pricing = serviceName ? `/${encodeURIComponent(serviceName)}/settings/pricing` : '/';
  return (
    <StatusPage
      icon={<RocketIcon size={40} />}
      title={<FormattedMessage id={TITLES[kind]} />}
      description={<FormattedMessage id={DESCRIPTIONS[kind]} />}
      actions={
        <>
          <ButtonLink to={pricing}>
            <FormattedMessage id="plan.upgradeButton" />
          </ButtonLink>
          <Button $variant="outline" onClick={() => navigate(-1)}>
            <ChevronLeftIcon size={18} />
            <FormattedMessage id="planLimit.goBack" />
          </Button>
        </>
      }
    />
  );
}
