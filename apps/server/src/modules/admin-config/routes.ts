import { intField } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActions } from '../../lib/audit.js';
import { amountField, idParams, optionalText } from '../../lib/fields.js';
import { ok } from '../../lib/reply.js';
import { addChain, removeChain, setCoinEnabled } from './coins.js';
import {
  applyStoredConfig,
  readConfig,
  updateCoin,
  updateMarketMaker,
  updatePairRules,
  updatePairSizes,
  updateWithdrawLimit,
} from './service.js';

const tags = ['console: configuration'];

/** A fee rate: a fraction below 1 ("0.001" is 0.1 %), at most 8 places. */
const feeRate = z
  .string()
  .regex(/^(0(\.\d{1,8})?)$/, { message: 'field_invalid' })
  .optional();
/** A tick or lot size: a plain positive decimal (the service checks it against the pair). */
const stepSize = z
  .string({ message: 'field_invalid' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,18})?$/, { message: 'field_invalid' })
  .refine((v) => /[1-9]/.test(v), { message: 'field_invalid' })
  .optional();
/** On/off as the console and forms send it. */
const switchField = z.preprocess(
  (v) => (v === '1' || v === 'true' || v === 1 ? true : v === '0' || v === 'false' || v === 0 ? false : v),
  z.boolean({ message: 'field_invalid' }),
);
const chainName = z.string({ message: 'field_required' }).trim().min(1, 'field_required').max(20, 'chain_unknown');

const whole = (min: number, max: number) => intField(min, max, 'field_invalid');

/**
 * Runtime configuration: coins, pairs' rules, the withdrawal limit, the market maker
 * and the feed's status. Super only (no roles declared). Every change is audited with before/after and
 * applied to the running services at once; stored values are applied again at start.
 */
export async function adminConfigRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const operator = { preHandler: app.requireAdmin };
  app.addHook('onReady', async () => {
    await applyStoredConfig(app).catch((error) => app.log.error({ err: error }, 'stored console configuration not applied'));
  });

  // The audit page's action list, from the log itself (SELECT DISTINCT), so new actions appear unaided.
  app.get(
    '/admin/audit/actions',
    { ...operator, schema: { tags: ['console: users and money'], summary: 'Actions in the audit log, with counts' } },
    async () => ok(await auditActions(app.db)),
  );

  app.get(
    '/admin/config',
    { ...operator, schema: { tags, summary: 'Coins, chains, pairs, limits, market maker and feed status' } },
    async () => ok(await readConfig(app)),
  );

  app.post(
    '/admin/config/coins/:id',
    {
      ...operator,
      schema: {
        tags,
        summary: "A coin's display name and order",
        params: idParams,
        body: z.object({ full_name: optionalText(60), sort: whole(0, 100_000).optional() }),
      },
    },
    async (request) => ok(await updateCoin(app, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/pairs/:id',
    {
      ...operator,
      schema: {
        tags,
        summary:
          "A pair's fee rates, minimum order, market-order price band and market-maker ladder (tick and lot sizes: POST …/sizes)",
        params: idParams,
        body: z.object({
          min_amount: amountField.optional(),
          maker_fee_rate: feeRate,
          taker_fee_rate: feeRate,
          // A fraction of the index price, above 0 and at most 0.5 (the service checks the range).
          price_band: feeRate,
          mm_levels: whole(1, 50).optional(),
          mm_depth: amountField.optional(),
          mm_spread_bps: whole(1, 1000).optional(),
        }),
      },
    },
    async (request) => ok(await updatePairRules(app, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/coins/:id/enabled',
    {
      ...operator,
      schema: {
        tags,
        summary: "Switch a coin's deposits and withdrawals on or off (balances stay; pending reviews complete)",
        params: idParams,
        body: z.object({ enabled: switchField }),
      },
    },
    async (request) => ok(await setCoinEnabled(app.db, request, request.params.id, request.body.enabled)),
  );

  app.post(
    '/admin/config/coins/:id/chains',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Ask to add a chain (TRC20, ERC20 or OMNI) with the platform deposit address on it; a second super approves',
        params: idParams,
        body: z.object({
          name: chainName,
          address: z.string({ message: 'field_required' }).trim().min(1, 'field_required').max(128, 'address_invalid'),
        }),
      },
    },
    async (request) => ok(await addChain(app.db, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/coins/:id/chains/remove',
    {
      ...operator,
      schema: {
        tags,
        summary: "Remove a coin's chain (refused while deposits on it await review, or for an enabled coin's last chain)",
        params: idParams,
        body: z.object({ name: chainName }),
      },
    },
    async (request) => ok(await removeChain(app.db, request, request.params.id, request.body.name)),
  );

  app.post(
    '/admin/config/pairs/:id/sizes',
    {
      ...operator,
      schema: {
        tags,
        summary: "A pair's tick and/or lot size, applied to the running book (refused while users' orders do not fit)",
        params: idParams,
        body: z.object({ tick_size: stepSize, lot_size: stepSize }),
      },
    },
    async (request) => ok(await updatePairSizes(app, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/market-maker',
    {
      ...operator,
      schema: {
        tags,
        summary: "The market maker's quoting parameters",
        body: z.object({
          levels: whole(1, 50).optional(),
          spreadBps: whole(1, 5000).optional(),
          stepBps: whole(1, 5000).optional(),
          levelQuote: amountField.optional(),
          refreshBps: whole(1, 5000).optional(),
          refreshMs: whole(250, 3_600_000).optional(),
          staleMs: whole(1000, 3_600_000).optional(),
        }),
      },
    },
    async (request) => ok(await updateMarketMaker(app, request, request.body)),
  );

  app.post(
    '/admin/config/withdraw-limit',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Withdrawals a user may request per day',
        body: z.object({ withdraw_daily_limit: whole(0, 1000) }),
      },
    },
    async (request) => ok(await updateWithdrawLimit(app, request, request.body.withdraw_daily_limit)),
  );
}
