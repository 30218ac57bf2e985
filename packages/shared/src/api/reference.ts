import { z } from 'zod';
import { setLangBody as setLangRequest } from '../auth.js';
import { LANGS } from '../langs.js';
import { rowId } from './reply.js';

// The reference routes: dialling codes and the languages, for every visitor (signed in or not).

/** One country's dialling code, in the operators' order. */
export const areaCode = z.object({ id: rowId, area_code: z.string(), country: z.string(), name: z.string() });
export type AreaCodeRow = z.infer<typeof areaCode>;

/** `GET|POST area_code` */
export const areaCodesReply = z.array(areaCode);
export type AreaCodesReply = z.infer<typeof areaCodesReply>;

/** `POST set/lang`: the answer is the mark the device should keep. */
export const setLangBody = setLangRequest;
export const setLangReply = z.enum(LANGS);

/**
 * `GET|POST get/lang`. `current`: the signed-in user's stored language (text as the account holds it),
 * else the request's.
 */
export const langsReply = z.object({
  current: z.string(),
  langs: z.array(z.object({ mark: z.enum(LANGS), name: z.string() })),
});
export type LangsReply = z.infer<typeof langsReply>;
