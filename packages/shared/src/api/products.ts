import { z } from 'zod';

// The product switches: which products are open (public), and the console's view and change of them.

/** Every product's switch: `{contracts: true, options: false, …}` (a missing one never happens: it is on). */
export const switchesReply = z.object({
  contracts: z.boolean(),
  options: z.boolean(),
  wealth: z.boolean(),
  subscription: z.boolean(),
});
export type SwitchesReply = z.infer<typeof switchesReply>;

/** A switch as a form sends it ("1"/"0", "true"/"false") or as JSON (true/false); absent keeps its value. */
const switchField = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return undefined;
  if (v === true || v === 'true' || v === '1' || v === 1 || v === 'on') return true;
  if (v === false || v === 'false' || v === '0' || v === 0 || v === 'off') return false;
  return v;
}, z.boolean({ message: 'field_invalid' }).optional());

/** `POST admin/products`: the switches to change. */
export const setBody = z.object({ contracts: switchField, options: switchField, wealth: switchField, subscription: switchField });
