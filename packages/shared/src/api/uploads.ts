import { z } from 'zod';

// The uploads routes: `POST upload` takes one image as multipart/form-data (`file` and `purpose`, read
// by the route itself, so it has no body schema) and answers where it is kept; `GET upload/:id`
// answers the image's bytes (no JSON reply).

/** What an upload is for (recorded for the console; any of the user's images may serve any form). */
export const UPLOAD_PURPOSES = [
  'deposit_proof',
  'id_front',
  'id_back',
  'id_hand',
  // help centre and support chat: feedback pictures and chat images
  'feedback',
  'chat',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The largest image accepted: 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** `POST upload`: the image's id and the url it is read back from (`/api/upload/<id>`). */
export const uploadReply = z.object({ id: z.string(), url: z.string() });
export type UploadReply = z.infer<typeof uploadReply>;

/** `GET upload/:id` */
export const imageParams = z.object({ id: z.string().max(64, 'not_found') });
