import { z } from 'zod';

export type BasicForm = { country: string; name: string; card_id: string };
export type AdvancedForm = { address: string; front_pic: string; reverse_pic: string; hand_pic: string };

export const NAME_MAX = 100;
export const ADDRESS_MAX = 300;
/** An ID number as the server takes it: 4–40 letters, digits or dashes once spaces are removed. */
export const CARD_ID_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

export const normalizeCardId = (value: string) => value.replace(/\s/g, '');

/** Basic verification: country (ISO code), name and ID number. */
export const basicSchema = z.object({ country: z.string(), name: z.string(), card_id: z.string() }).superRefine((v, ctx) => {
  const issue = (path: keyof BasicForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!/^[A-Z]{2}$/.test(v.country)) issue('country', 'field_required');
  const name = v.name.trim();
  if (!name) issue('name', 'field_required');
  else if (name.length > NAME_MAX) issue('name', 'field_invalid');
  const card = normalizeCardId(v.card_id);
  if (!card) issue('card_id', 'field_required');
  else if (!CARD_ID_PATTERN.test(card)) issue('card_id', 'field_invalid');
});

/** Advanced verification: a contact address and the three photos. */
export const advancedSchema = z
  .object({ address: z.string(), front_pic: z.string(), reverse_pic: z.string(), hand_pic: z.string() })
  .superRefine((v, ctx) => {
    const issue = (path: keyof AdvancedForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const address = v.address.trim();
    if (!address) issue('address', 'field_required');
    else if (address.length > ADDRESS_MAX) issue('address', 'field_invalid');
    for (const pic of ['front_pic', 'reverse_pic', 'hand_pic'] as const) if (!v[pic]) issue(pic, 'upload_required');
  });
