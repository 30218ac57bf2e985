import { createHash, randomBytes } from 'node:crypto';
import { IDENTITY_REVIEW_ROLES, roleAllows, uploadsApi } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { countUserUploadsSince, findUpload, insertUpload, type UploadRow } from './repo.js';
import type { UploadStorage } from './storage.js';

// Other modules (the support chat) store and read uploads through these.
export { findUpload, insertUpload } from './repo.js';

/** What an upload is for, and the size limit: part of the API's contract. */
export const UPLOAD_PURPOSES = uploadsApi.UPLOAD_PURPOSES;
export type UploadPurpose = uploadsApi.UploadPurpose;
/** Identity-document photos: shown in the console only to the roles that review identities. */
export const IDENTITY_PURPOSES: readonly string[] = ['id_front', 'id_back', 'id_hand'];
export const UPLOAD_MAX_BYTES = uploadsApi.UPLOAD_MAX_BYTES;
/** Images one user may upload in a day: enough for every form many times over, not enough to fill a disk. */
export const UPLOADS_PER_DAY = 60;
/** 128 random bits in base64url. */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The image type by its first bytes, whatever the file is called or claims to be. */
export function sniffImage(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export const uploadUrl = (id: string) => `/api/upload/${id}`;

/**
 * Keeps an image: checked by its bytes (type, size), then its row in `uploads` and its bytes in the
 * storage, both or neither. `owner`: the user it belongs to, or the operator who sent it (chat replies).
 */
export async function saveImage(
  db: Db,
  storage: UploadStorage,
  owner: { userId: number } | { adminId: number },
  purpose: UploadPurpose,
  bytes: Buffer,
): Promise<{ id: string; url: string }> {
  const mime = sniffImage(bytes);
  if (!mime) throw new AppError('upload_not_image', { fields: { file: 'upload_not_image' } });
  // The routes' multipart limit stops a larger body first; this holds for any other caller too.
  if (bytes.length > UPLOAD_MAX_BYTES) {
    throw new AppError('upload_too_large', {
      fields: { file: 'upload_too_large' },
      values: { max: UPLOAD_MAX_BYTES / 1024 / 1024 },
    });
  }
  const id = randomBytes(16).toString('base64url');
  const row = { id, ...owner, purpose, mime, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  // A reader never finds a row without its image: the storage keeps the bytes no later than the row.
  await storage.store(id, bytes, mime, (tx) => insertUpload(tx ?? db, row));
  return { id, url: uploadUrl(id) };
}

/** Stores an image a user sent, within the daily allowance. */
export async function storeUpload(
  db: Db,
  storage: UploadStorage,
  owner: { userId: number },
  purpose: UploadPurpose,
  bytes: Buffer,
): Promise<{ id: string; url: string }> {
  if (!sniffImage(bytes)) throw new AppError('upload_not_image', { fields: { file: 'upload_not_image' } });
  if ((await countUserUploadsSince(db, owner.userId, new Date(Date.now() - 86_400_000))) >= UPLOADS_PER_DAY) {
    throw new AppError('rate_limited');
  }
  return saveImage(db, storage, owner, purpose, bytes);
}

/** The bytes of an upload whose row the caller has found and allowed; not_found if the storage has none. */
export async function uploadBytes(storage: UploadStorage, row: UploadRow): Promise<Buffer> {
  const bytes = await storage.get(row.id);
  if (!bytes) throw new AppError('not_found');
  return bytes;
}

/**
 * The bytes of an upload for its owner or an operator; anyone else learns nothing (not_found). An
 * identity photo is shown only to operators whose role reviews identities (IDENTITY_REVIEW_ROLES).
 */
export async function readUpload(
  db: Db,
  storage: UploadStorage,
  id: string,
  viewer: { userId?: number; adminId?: number; adminRole?: string },
): Promise<{ row: UploadRow; bytes: Buffer }> {
  if (!UPLOAD_ID_PATTERN.test(id)) throw new AppError('not_found');
  const row = await findUpload(db, id);
  const operatorMay = (purpose: string) =>
    !IDENTITY_PURPOSES.includes(purpose) || roleAllows(viewer.adminRole ?? '', IDENTITY_REVIEW_ROLES);
  const allowed =
    row &&
    ((viewer.adminId !== undefined && operatorMay(row.purpose)) || (viewer.userId !== undefined && row.userId === viewer.userId));
  if (!row || !allowed) throw new AppError('not_found');
  return { row, bytes: await uploadBytes(storage, row) };
}

/**
 * An upload a form refers to (its id or url): it must be one of this user's images. Missing → upload_required;
 * unknown or someone else's → not_found (on the same field).
 */
export async function requireOwnUpload(db: Db, userId: number, id: string | undefined, field: string): Promise<string> {
  // The id, or the url the upload reply gave for it.
  const value = id?.trim().replace(/^\/api\/upload\//, '');
  if (!value) throw new AppError('upload_required', { fields: { [field]: 'upload_required' } });
  const row = UPLOAD_ID_PATTERN.test(value) ? await findUpload(db, value) : undefined;
  if (!row || row.userId !== userId) throw new AppError('not_found', { fields: { [field]: 'not_found' } });
  return row.id;
}
