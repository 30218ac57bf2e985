import { LANGS, type Lang, okReply, subscriptionApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLang } from '../../lib/lang.js';
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
import { type Deps, productInfo, projectList, recommended, subscribe, userOrders } from './service.js';

const tags = ['new-coin subscription'];
const consoleTags = ['console: new-coin subscription'];

function projectInput(body: subscriptionApi.ProjectBody): ProjectInput {
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
    {
      onRequest: product,
      schema: {
        tags,
        summary: 'Every project: open ones first, with phase, supply left and price',
        response: { 200: okReply(subscriptionApi.configReply) },
      },
    },
    async (request) => ok(await projectList(deps(), requestLang(request))),
  );

  app.get(
    '/lh/send/get_recommend',
    {
      onRequest: product,
      schema: {
        tags,
        summary: 'Up to three projects for the home page (open or upcoming first)',
        response: { 200: okReply(subscriptionApi.recommendReply) },
      },
    },
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
        querystring: subscriptionApi.productInfoQuery,
        response: { 200: okReply(subscriptionApi.productInfoReply) },
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
        body: subscriptionApi.orderBody,
        response: { 200: okReply(subscriptionApi.orderReply) },
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
        querystring: subscriptionApi.orderListQuery,
        response: { 200: okReply(subscriptionApi.orderListReply) },
      },
    },
    async (request) =>
      ok(await userOrders(deps(), request.user!.id, request.query.status, request.query.page, request.query.limit)),
  );

  // Console.
  app.get(
    '/admin/subscription/projects',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Projects with their demand',
        querystring: subscriptionApi.projectsQuery,
        response: { 200: okReply(subscriptionApi.projectsReply) },
      },
    },
    async (request) => ok(await consoleProjects(app.db, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/subscription/projects',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Create a project (audited)',
        body: subscriptionApi.projectBody,
        response: { 200: okReply(subscriptionApi.projectReply) },
      },
    },
    async (request) => ok(await createProject(app.db, request, projectInput(request.body))),
  );

  app.post(
    '/admin/subscription/projects/:id',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Edit an open project; its terms are fixed once anyone subscribed (audited)',
        params: subscriptionApi.projectParams,
        body: subscriptionApi.projectBody,
        response: { 200: okReply(subscriptionApi.projectReply) },
      },
    },
    async (request) => ok(await editProject(app.db, request, request.params.id, projectInput(request.body))),
  );

  app.get(
    '/admin/subscription/projects/:id/orders',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: "A project's subscriptions",
        params: subscriptionApi.projectParams,
        querystring: subscriptionApi.projectOrdersQuery,
        response: { 200: okReply(subscriptionApi.projectOrdersReply) },
      },
    },
    async (request) => ok(await consoleOrders(app.db, request.params.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/subscription/projects/:id/close',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'End the subscription window now (audited)',
        params: subscriptionApi.projectParams,
        response: { 200: okReply(subscriptionApi.closeReply) },
      },
    },
    async (request) => ok(await closeProject(app.db, request, request.params.id)),
  );

  app.post(
    '/admin/subscription/projects/:id/allocate',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Allocate (pro-rata when oversubscribed) and refund the excess, once the window is over (audited)',
        params: subscriptionApi.projectParams,
        response: { 200: okReply(subscriptionApi.allocateReply) },
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
        params: subscriptionApi.projectParams,
        body: subscriptionApi.launchBody,
        response: { 200: okReply(subscriptionApi.launchReply) },
      },
    },
    async (request) => ok(await launchProject(app.db, request, request.params.id, request.body ?? {}, listPair)),
  );
}
