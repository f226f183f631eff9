import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useIntl } from 'react-intl';
import type { TotalCount } from '@product-console/shared';
import { BoxIcon, FolderIcon, LinkIcon, NfcIcon, PassportIcon } from '@/components/icons';
import { Skeleton } from '@/components/ui/skeleton';
import type { MessageId } from '@/lib/i18n';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: 16px;
`;

const Tile = styled.li`
  display: flex;
  align-items: center;
  gap: 14px;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.sm};
`;

const Icon = styled.span<{ $tone: 'primary' | 'secondary' }>`
  display: grid;
  place-items: center;
  width: 46px;
  height: 46px;
  flex: none;
  border-radius: 12px;
  background: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.primarySoft : theme.colors.secondarySoft)};
  color: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.primary : theme.colors.secondary)};
`;

const Value = styled.span`
  display: block;
  font-size: 26px;
  font-weight: 700;
  line-height: 1.1;
`;

const Label = styled.span`
  display: block;
  margin-top: 2px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface CountTile {
  key: keyof TotalCount;
  testId: string;
  labelId: MessageId;
  icon: ReactNode;
  tone: 'primary' | 'secondary';
}

const TILES: CountTile[] = [
  { key: 'projects', testId: 'count-projects', labelId: 'overview.count.projects', icon: <FolderIcon />, tone: 'primary' },
  { key: 'products', testId: 'count-products', labelId: 'overview.count.products', icon: <BoxIcon />, tone: 'secondary' },
  { key: 'dlProducts', testId: 'count-dl', labelId: 'overview.count.dl', icon: <LinkIcon />, tone: 'primary' },
  { key: 'dppProducts', testId: 'count-dpp', labelId: 'overview.count.dpp', icon: <PassportIcon />, tone: 'secondary' },
  { key: 'nfcProducts', testId: 'count-nfc', labelId: 'overview.count.nfc', icon: <NfcIcon />, tone: 'primary' },
];

/** The company's totals; a failed read shows dashes rather than hiding the tiles. */
export function TotalCountCards({ counts, failed }: { counts: TotalCount | undefined; failed: boolean }) {
  const intl = useIntl();
  return (
    <Grid aria-label={intl.formatMessage({ id: 'overview.count.title' })}>
      {TILES.map((tile) => (
        <Tile key={tile.key} data-testid={tile.testId}>
          <Icon $tone={tile.tone} aria-hidden="true">
            {tile.icon}
          </Icon>
          <div>
            {counts ? (
              <Value>{intl.formatNumber(counts[tile.key])}</Value>
            ) : failed ? (
              <Value aria-label={intl.formatMessage({ id: 'common.unavailable' })}>–</Value>
            ) : (
              <Skeleton $width="48px" $height="26px" />
            )}
            <Label>{intl.formatMessage({ id: tile.labelId })}</Label>
          </div>
        </Tile>
      ))}
    </Grid>
  );
}
