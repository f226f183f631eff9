import styled from 'styled-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Link } from '@product-console/shared';
import { Badge } from '@/components/ui/badge';
import { languageName, linkTypeMessageId } from '@/features/links/components/link-model';
import { down } from '@/theme/media';

export const LinkList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

export const LinkItem = styled.li`
  display: grid;
  grid-template-columns: 36px minmax(0, 1fr) auto;
  gap: 14px;
  align-items: center;
  padding: 14px 22px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: none; }
  /* A phone has no room for the actions beside the facts: they take a row of their own. */
  ${down('sm')} {
    grid-template-columns: 32px minmax(0, 1fr);
    gap: 8px 12px;
    padding: 14px 16px;
    & > :nth-child(3) { grid-column: 2; justify-self: start; }
  }
`;

export const LinkPosition = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
`;

const Main = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
`;

const TitleLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-weight: 600;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px 14px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
  a { overflow-wrap: anywhere; }
`;

const Code = styled.code`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 12px;
`;

/** One link's facts: type, title, target, language and its badges. */
export function LinkFacts({ link }: { link: Link }) {
  const intl = useIntl();
  const typeId = linkTypeMessageId(link.linkType);
  return (
    <Main>
      <TitleLine>
        <span data-testid={`link-title-${link.linkId}`}>{link.title || (typeId ? intl.formatMessage({ id: typeId }) : link.linkType)}</span>
        <Badge $tone="primary" title={link.linkType}>
          {typeId ? intl.formatMessage({ id: typeId }) : link.linkType}
        </Badge>
        {link.isDefault ? (
          <Badge $tone="success">
            <FormattedMessage id="links.badge.default" />
          </Badge>
        ) : null}
        {link.isAuto ? (
          <Badge>
            <FormattedMessage id="links.badge.auto" />
          </Badge>
        ) : null}
      </TitleLine>
      <Meta>
        <Code>{link.linkType}</Code>
        <a href={link.targetUrl} target="_blank" rel="noreferrer">
          {link.targetUrl}
        </a>
        <span>{link.lang ? languageName(intl.locale, link.lang) : intl.formatMessage({ id: 'links.anyLanguage' })}</span>
      </Meta>
    </Main>
  );
}
