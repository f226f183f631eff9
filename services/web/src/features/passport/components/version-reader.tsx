import styled, { useTheme } from 'styled-components';
import useSWR from 'swr';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { PassportVersion, PassportTemplate } from '@product-console/shared';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogClose, DialogContent, DialogDescription, DialogOverlay, DialogPortal, DialogRoot, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorMessage } from '@/lib/api-error-message';
import { apiFetcher } from '@/lib/api-client';
import { PassportSections } from '@/landing/components/dpp-view';
import { fileUrl } from '@/lib/files';
import { passportCredentialPath, passportVersionPath } from '@/features/passport/api/passport-api';

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 12px 0;
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

/**
 * One published version, read-only, as the dpp view draws a passport (all its fields: the manager
 * reads the whole version, whatever the access levels), with the addresses of its JSON and of its
 * signed credential.
 */
export function VersionReader({
  productId,
  version,
  template,
  onClose,
}: {
  productId: number;
  /** The version shown; null: closed. */
  version: number | null;
  /** The passport's template, for versions answered without one. */
  template: PassportTemplate;
  onClose: () => void;
}) {
  const intl = useIntl();
  const theme = useTheme();
  const read = useSWR<{ result: PassportVersion }>(version === null ? null : passportVersionPath(productId, version), apiFetcher, {
    revalidateOnFocus: false,
  });
  const shown = read.data?.result;
  return (
    <DialogRoot open={version !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPortal>
        <DialogOverlay />
        <DialogContent $width={720} data-testid="passport-version-reader">
          <DialogTitle>
            <FormattedMessage id="passport.versions.item" values={{ version: version ?? 0 }} />
            {shown?.publishedAt ? (
              <>
                {' · '}
                <FormattedDate value={shown.publishedAt} dateStyle="medium" timeStyle="short" />
              </>
            ) : null}
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage id="passport.versions.readHint" />
          </DialogDescription>
          {version !== null ? (
            <Links>
              <a href={passportVersionPath(productId, version)} target="_blank" rel="noreferrer" data-testid="passport-version-json">
                <FormattedMessage id="passport.versions.json" />
              </a>
              <a href={passportCredentialPath(productId, version)} download={`passport-${productId}-v${version}.jwt`} data-testid="passport-version-credential">
                <FormattedMessage id="passport.versions.credential" />
              </a>
            </Links>
          ) : null}
          {read.error ? <FormAlert role="alert">{apiErrorMessage(intl, read.error)}</FormAlert> : null}
          {!shown && !read.error ? <Spinner /> : null}
          {shown && version !== null ? (
            <PassportSections
              passport={{
                productId,
                template: shown.template ?? template,
                version,
                publishedAt: shown.publishedAt ?? '',
                level: 'authority',
                data: shown.data,
                certificates: [],
              }}
              textColor={theme.colors.text}
              idPrefix={`passport-v${version}`}
              testId="passport-version-sections"
              fileHref={fileUrl}
            />
          ) : null}
          <DialogActions>
            <DialogClose asChild>
              <Button $variant="outline">
                <FormattedMessage id="passport.versions.close" />
              </Button>
            </DialogClose>
          </DialogActions>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
