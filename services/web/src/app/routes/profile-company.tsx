import { isAdminRole } from '@product-console/shared';
import { CompanyRulesCard } from '@/features/links/components/company-rules-card';
import { NfcMasterKeyCard } from '@/features/nfc/components/nfc-master-key-card';
import { useProfile } from '@/features/profile/api/profile';
import { ProfileCompanyRoute } from '@/features/profile/routes/profile-company';
import { SsoSettingsCard } from '@/features/sso/components/sso-settings-card';

/**
 * /profiles/company: the company profile (profile feature), for managers the company's NFC master
 * key under it (nfc feature, decision 069), and the company's default redirect rules (links
 * feature, decision 077: managers change them, everyone else reads them).
 */
export function CompanyProfileRoute() {
  const profile = useProfile();
  const isAdmin = profile.data !== undefined && isAdminRole(profile.data.result.roleId);
  return (
    <>
      <ProfileCompanyRoute />
      {isAdmin ? <NfcMasterKeyCard /> : null}
      {isAdmin ? <SsoSettingsCard /> : null}
      {profile.data ? <CompanyRulesCard canEdit={isAdmin} /> : null}
    </>
  );
}
