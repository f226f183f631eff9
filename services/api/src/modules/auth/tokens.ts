import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ROLE_IDS, type RoleId } from '@product-console/shared';
import { tokenExpired, unauthenticated } from '../../errors.js';

/** What an access JWT says about its bearer. */
export interface AccessClaims {
  userId: number;
  roleId: RoleId;
  /** Own company; null for a super-admin. */
  companyId: number | null;
  /** Switched company of a super-admin. */
  actingCompanyId: number | null;
  /** Refresh-token family (session) the token was issued for; revoking the family ends it at once. */
  familyId?: string | null;
}

export interface TokenServiceOptions {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
}

export interface TokenService {
  signAccessToken(claims: AccessClaims): Promise<string>;
  /** Throws E401002 when expired and E401005 when missing or invalid. */
  verifyAccessToken(token: string): Promise<AccessClaims>;
  newRefreshToken(): { token: string; hash: string; expiresAt: Date };
}

const ALGORITHM = 'HS256';

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);

  return {
    async signAccessToken(claims) {
      const payload: Record<string, unknown> = { role: claims.roleId };
      if (claims.companyId !== null) payload.cid = claims.companyId;
      if (claims.actingCompanyId !== null) payload.act = claims.actingCompanyId;
      if (claims.familyId) payload.fam = claims.familyId;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(claims.userId))
        .setIssuedAt()
        .setExpirationTime(`${options.accessTtlSeconds}s`)
        .sign(key);
    },

    async verifyAccessToken(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM] }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
        throw unauthenticated();
      }
      const userId = Number(payload.sub);
      const roleId = payload.role;
      if (!Number.isSafeInteger(userId) || userId <= 0 || !ROLE_IDS.includes(roleId as RoleId) || payload.exp === undefined) {
        throw unauthenticated();
      }
      return {
        userId,
        roleId: roleId as RoleId,
        companyId: typeof payload.cid === 'number' ? payload.cid : null,
        actingCompanyId: typeof payload.act === 'number' ? payload.act : null,
        familyId: typeof payload.fam === 'string' ? payload.fam : null,
      };
    },

    newRefreshToken() {
      const token = randomBytes(32).toString('base64url');
      return { token, hash: hashRefreshToken(token), expiresAt: new Date(Date.now() + options.refreshTtlSeconds * 1000) };
    },
  };
}
