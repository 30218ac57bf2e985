import { uploadsApi } from '@app/shared';
import { api } from './api';

/** What an upload is for; the server keeps it with the file (docs/api-money.md, Uploads). */
export type UploadPurpose = uploadsApi.UploadPurpose;
export type Uploaded = uploadsApi.UploadReply;

/** The server's limit; checked here first so a phone does not send 12 MB only to be refused. */
export const UPLOAD_MAX_BYTES = uploadsApi.UPLOAD_MAX_BYTES;
export const UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp';

export type UploadCheck = 'too_large' | 'not_image' | undefined;

/** Refuses what the server would refuse by size or type (it checks the bytes again). */
export function checkUploadFile(file: { size: number; type: string }): UploadCheck {
  if (file.size > UPLOAD_MAX_BYTES) return 'too_large';
  if (file.size === 0) return 'not_image';
  // Some phones leave the type empty for camera pictures: let the server look at the bytes then.
  if (file.type && !UPLOAD_ACCEPT.split(',').includes(file.type)) return 'not_image';
  return undefined;
}

/** POST upload (multipart `file` + `purpose`); failures are not toasted, the picker shows them inline. */
export function uploadImage(file: File, purpose: UploadPurpose): Promise<Uploaded> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, file.name || 'image');
  return api.upload<Uploaded>('upload', form, { loading: false, toast: false });
}
