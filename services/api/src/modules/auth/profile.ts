import { eq } from 'drizzle-orm';
import { type ChangePasswordBody, type Profile, type ProfileUpdate } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { unauthenticated, wrongPassword } from '../../errors.js';
import { removeStoredImage, storeImage, type UploadedFile } from '../../multipart-form.js';
import type { FileStorage } from '../../plugins/storage.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthContext } from '../access/auth-context.js';
import { revokeOtherSessions } from './service.js';
import { users, type UserRow } from './tables.js';

function toProfile(user: UserRow): Profile {
  return {
    userId: user.id,
    email: user.email,
    roleId: user.roleId,
    firstName: user.firstName,
    lastName: user.lastName,
    department: user.department,
    officePhone: user.officePhone,
    mobile: user.mobile,
    profile: user.profileImage,
    showDefaultPage: user.showDefaultPage,
    language: user.language,
  };
}

async function userRow(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthenticated();
  return user;
}

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  return toProfile(await userRow(db, userId));
}

/** Updates the caller's own profile; a new image replaces (and removes) the previous one. */
export async function updateProfile(
  db: Db,
  storage: FileStorage,
  userId: number,
  update: ProfileUpdate,
  image: UploadedFile | undefined,
): Promise<Profile> {
  const current = await userRow(db, userId);
  const newImage = image ? await storeImage(storage, `users/${userId}`, image) : undefined;
  const profileImage = newImage ?? (update.removeProfileImage ? null : current.profileImage);
  const [updated] = await db
    .update(users)
    .set({
      ...(update.first_name !== undefined && { firstName: update.first_name }),
      ...(update.last_name !== undefined && { lastName: update.last_name }),
      ...(update.department !== undefined && { department: update.department }),
      ...(update.officePhone !== undefined && { officePhone: update.officePhone }),
      ...(update.mobile !== undefined && { mobile: update.mobile }),
      ...(update.showDefaultPage !== undefined && { showDefaultPage: update.showDefaultPage }),
      ...(update.language !== undefined && { language: update.language }),
      profileImage,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (profileImage !== current.profileImage) await removeStoredImage(storage, current.profileImage);
  return toProfile(updated);
}

/**
 * Changes the caller's password after checking the current one, and signs out every other
 * session of the user (the caller's own session stays).
 */
export async function changePassword(db: Db, auth: AuthContext, body: ChangePasswordBody): Promise<void> {
  const user = await userRow(db, auth.userId);
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw wrongPassword('oldPassword');
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, auth.userId));
    await revokeOtherSessions(tx, auth.userId, auth.familyId);
  });
}
