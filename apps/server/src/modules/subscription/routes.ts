import { intField as intRange, LANGS, type Lang } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountField, currencyField, idField, idParams, optionalText } from '../../lib/fields.js';
import { requestLang } from '../../lib/lang.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import {
  allocateProject,
  closeProject,
  consoleOrders,
  consoleProjects,
  createProject,
  editProject,
  launchProject,
  type PairLister,
  type ProjectInput,
} from './console.js';
import { type Deps, ORDER_FILTERS, productInfo, projectList, recommended, subscribe, userOrders } from './service.js';

const tags = ['new-coin subscription'];
const consoleTags = ['console: new-coin subscription'];

/** A time as ISO 8601 text (or unix milliseconds); anything else is `field_invalid` on that field. */
const timeField = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  const d = typeof v === 'number' || /^\d+$/.test(String(v)) ? new Date(Number(v)) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
}, z.date({ message: 'field_invalid' }).optional());
const intField = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), intRange(0, max, 'field_invalid').optional());
/** The introduction per language: `{en: "...", zh: "..."}` (JSON), or form fields `introduction_en` … */
const introductionField = z
  .object(Object.fromEntries(LANGS.map((l) => [l, z.string({ message: 'field_invalid' }).max(5000, 'field_invalid').optional()])))
  .partial()
  .optional();

const projectBody = z.object({
  code: optionalText(10),
  name: optionalText(60),
  decimals: intField(8),
  subscribe_currency_id: z.preprocess((v) => (v === '' ? undefined : v), currencyField.optional()),
  issue_price: amountField,
  total_supply: amountField,
  min_amount: amountField,
  max_amount: amountField,
  start_at: timeField,
  end_at: timeField,
  launch_at: timeField,
  lock_days: intField(3650),
  introduction: introductionField,
  ...Object.fromEntries(LANGS.map((l) => [`introduction_${l}`, z.string().max(5000, 'field_invalid').optional()])),
});

function projectInput(body: z.infer<typeof projectBody>): ProjectInput {
  const flat = body as Record<string, unknown>;
  const introduction: Partial<Record<Lang, string>> = { ...(body.introduction as Partial<Record<Lang, string>> | undefined) };
  for (const l of LANGS) if (typeof flat[`introduction_${l}`] === 'string') introduction[l] = flat[`introduction_${l}`] as string;
  return {
    code: body.code,
    name: body.name,
    decimals: body.decimals,
    subscribe_currency_id: body.subscribe_currency_id,
    issue_price: body.issue_price,
    total_supply: body.total_supply,
    min_amount: body.min_amount,
    max_amount: body.max_amount,
    start_at: body.start_at,
    end_at: body.end_at,
    launch_at: body.launch_at,
    lock_days: body.lock_days,
    introduction: Object.keys(introduction).length ? introduction : undefined,
  };
}

/** New-coin subscription (spec "publication"): `lh/send/*` for users, `admin/subscription/*` for operators. */
export async function subscriptionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = (): Deps => ({ db: app.db, live: app.market.livePrices });
  const operator = { preHandler: app.requireAdmin };
  // The product switch (onRequest, before validation): switched off, every lh/send route answers product_disabled.
  const product = app.requireProduct('subscription');
  // The launched coin's USDT pair is listed by the spot module (docs/api-spot.md, "Listing a new pair").
  const listPair: PairLister = async ({ currencyId, price }) => {
    const pair = await app.spot.listPair({ currencyId, startPrice: price });
    return { pairId: pair.id, symbol: pair.symbol };
  };

  app.get(
    '/lh/send/config',
    { onRequest: product, schema: { tags, summary: 'Every project: open ones first, with phase, supply left and price' } },
    async (request) => ok(await projectList(deps(), requestLang(request))),
  );

  app.get(
    '/lh/send/get_recommend',
    { onRequest: product, schema: { tags, summary: 'Up to three projects for the home page (open or upcoming first)' } },
    async (request) => ok(await recommended(deps(), requestLang(request))),
  );

  app.get(
    '/lh/send/product_info',
    {
      onRequest: product,
      preHandler: app.optionalUser,
      schema: {
        tags,
        summary: "One project; signed in, also the user's subscribed amount, quota left and available balance (`mine`)",
        querystring: z.object({ id: idField }),
      },
    },
    async (request) => ok(await productInfo(deps(), requestLang(request), request.query.id, request.user?.id)),
  );

  app.post(
    '/lh/send/order',
    {
      onRequest: product,
      preHandler: app.requireUser,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Subscribe: `amount` of the subscription currency is frozen in the coin account until allocation',
        body: z.object({ config_id: idField, amount: amountField }),
      },
    },
    async (request) => ok(await subscribe(deps(), request.user!.id, request.body.config_id, request.body.amount)),
  );

  app.get(
    '/lh/send/order_list',
    {
      onRequest: product,
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The user's subscriptions, newest first, with state (`exam_status`) and returns",
        querystring: z.object({
          status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ORDER_FILTERS, { message: 'field_invalid' }).optional()),
          ...pageFields,
        }),
      },
    },
    async (request) =>
      ok(await userOrders(deps(), request.user!.id, request.query.status, request.query.page, request.query.limit)),
  );

  // Console.
  app.get(
    '/admin/subscription/projects',
    { ...operator, schema: { tags: consoleTags, summary: 'Projects with their demand', querystring: z.object(pageFields) } },
    async (request) => ok(await consoleProjects(app.db, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/subscription/projects',
    { ...operator, schema: { tags: consoleTags, summary: 'Create a project (audited)', body: projectBody } },
    async (request) => ok(await createProject(app.db, request, projectInput(request.body))),
  );

  app.post(
    '/admin/subscription/projects/:id',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Edit an open project; its terms are fixed once anyone subscribed (audited)',
        params: idParams,
        body: projectBody,
      },
    },
    async (request) => ok(await editProject(app.db, request, request.params.id, projectInput(request.body))),
  );

  app.get(
    '/admin/subscription/projects/:id/orders',
    {
      ...operator,
      schema: { tags: consoleTags, summary: "A project's subscriptions", params: idParams, querystring: z.object(pageFields) },
    },
    async (request) => ok(await consoleOrders(app.db, request.params.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/subscription/projects/:id/close',
    { ...operator, schema: { tags: consoleTags, summary: 'End the subscription window now (audited)', params: idParams } },
    async (request) => ok(await closeProject(app.db, request, request.params.id)),
  );

  app.post(
    '/admin/subscription/projects/:id/allocate',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Allocate (pro-rata when oversubscribed) and refund the excess, once the window is over (audited)',
        params: idParams,
      },
    },
    async (request) => ok(await allocateProject(app.db, request, request.params.id)),
  );

  app.post(
    '/admin/subscription/projects/:id/launch',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary:
          'Launch: create the coin, credit the allocations (locked for the lock-up) and list its USDT pair at `price` (default: the issue price in USDT); again retries a failed listing (audited)',
        params: idParams,
        body: z.object({ price: amountField }).optional(),
      },
    },
    async (request) => ok(await launchProject(app.db, request, request.params.id, request.body ?? {}, listPair)),
  );
}
