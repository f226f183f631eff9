import { isAdminRole } from '@product-console/shared';
import { NfcMasterKeyCard } from '@/features/nfc/components/nfc-master-key-card';
import { useProfile } from '@/features/profile/api/profile';
import { ProfileCompanyRoute } from '@/features/profile/routes/profile-company';

/**
 * /profiles/company: the company profile (profile feature) and, for managers, the company's NFC
 * master key under it (nfc feature, decision 069).
 */
export function CompanyProfileRoute() {
  const profile = useProfile();
  const isAdmin = profile.data !== undefined && isAdminRole(profile.data.result.roleId);
  return (
    <>
      <ProfileCompanyRoute />
      {isAdmin ? <NfcMasterKeyCard /> : null}
    </>
  );
}
