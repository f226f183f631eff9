import { FormattedMessage, useIntl } from 'react-intl';
import type { Design, LandingProductInfo } from '@product-console/shared';
import { httpUrl } from '@/landing/lib/media';
import { CompanyContact, LandingFrame, LinkList, mailtoHref, telHref } from './landing-frame';
import { LandingEmpty, LandingSection } from './product-landing';

export interface HomepageViewProps {
  product: LandingProductInfo;
  design: Design;
  language: string;
  backHref: string;
  draft?: boolean;
  frame?: boolean;
}

/** How the networks spell their own names where capitalising the first letter is not enough. */
const NETWORK_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  x: 'X',
  twitter: 'X',
  wechat: 'WeChat',
  kakaotalk: 'KakaoTalk',
};

/** A social network named from its type (`instagram` -> Instagram, `youtube` -> YouTube), else from its address's host. */
export function networkName(type: string, url: URL): string {
  const name = type.trim();
  if (!name) return url.host.replace(/^www\./, '');
  return NETWORK_NAMES[name.toLowerCase()] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/** The homepage view (gs1:homepage, "About us"): who the brand is and how to reach it, every way a plain anchor. */
export function HomepageView({ product, design, language, backHref, draft, frame }: HomepageViewProps) {
  const intl = useIntl();
  const fg = design.page.textColor;
  const { description, website, sns } = product.company;
  const site = httpUrl(website);
  const networks = sns.flatMap((item) => {
    const url = httpUrl(item.url);
    return url ? [{ name: networkName(item.type, url), url }] : [];
  });
  const contact = <CompanyContact product={product} design={design} withWebsite={false} />;
  const reachable = product.company.contactHour || telHref(product.company.contactPhone) || mailtoHref(product.company.contactEmail);
  const empty = !description && !site && networks.length === 0 && !reachable;
  return (
    <LandingFrame
      design={design}
      product={product}
      language={language}
      backHref={backHref}
      view="homepage"
      eyebrow={<FormattedMessage id="landing.homepage.title" />}
      heading={product.companyName}
      headingIsData
      draft={draft}
      frame={frame}
    >
      {description ? (
        <LandingSection $fg={fg} data-testid="landing-company-description">
          <p>{description}</p>
        </LandingSection>
      ) : null}
      {contact}
      {site ? (
        <LandingSection $fg={fg}>
          <h2 lang={intl.locale}>
            <FormattedMessage id="landing.homepage.website" />
          </h2>
          <LinkList $fg={fg}>
            <li>
              <a href={site.href} rel="noopener" data-testid="landing-website">
                {site.host.replace(/^www\./, '')}
              </a>
            </li>
          </LinkList>
        </LandingSection>
      ) : null}
      {networks.length > 0 ? (
        <LandingSection $fg={fg}>
          <h2 lang={intl.locale}>
            <FormattedMessage id="landing.homepage.social" />
          </h2>
          <LinkList $fg={fg} data-testid="landing-sns">
            {networks.map((network) => (
              <li key={network.url.href}>
                <a href={network.url.href} rel="noopener">
                  {network.name}
                </a>
              </li>
            ))}
          </LinkList>
        </LandingSection>
      ) : null}
      {empty ? (
        <LandingEmpty $fg={fg} lang={intl.locale} data-testid="landing-empty">
          <FormattedMessage id="landing.homepage.empty" />
        </LandingEmpty>
      ) : null}
    </LandingFrame>
  );
}
