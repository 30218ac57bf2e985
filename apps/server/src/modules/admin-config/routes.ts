import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActions } from '../../lib/audit.js';
import { amountField, idParams, optionalText } from '../../lib/fields.js';
import { ok } from '../../plugins/envelope.js';
import { applyStoredConfig, readConfig, updateCoin, updateMarketMaker, updatePairRules, updateWithdrawLimit } from './service.js';

const tags = ['console: configuration'];

/** A fee rate: a fraction below 1 ("0.001" is 0.1 %), at most 8 places. */
const feeRate = z
  .string()
  .regex(/^(0(\.\d{1,8})?)$/, { message: 'field_invalid' })
  .optional();
const whole = (min: number, max: number) =>
  z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(min, { message: 'field_invalid' })
    .max(max, { message: 'field_invalid' });

/**
 * Runtime configuration (issue 8, part 3): coins, pairs' rules, the withdrawal limit, the market maker
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
        summary: "A pair's fee rates and minimum order (tick and lot sizes are fixed while it trades)",
        params: idParams,
        body: z.object({ min_amount: amountField.optional(), maker_fee_rate: feeRate, taker_fee_rate: feeRate }),
      },
    },
    async (request) => ok(await updatePairRules(app, request, request.params.id, request.body)),
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
