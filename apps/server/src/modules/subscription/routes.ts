import { LANGS, type Lang, subscriptionApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../lib/lang.js';
import { anyone, optionallySignedIn, routeGroup, signedIn, superOnly } from '../../plugins/route-group.js';
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
export async function subscriptionRoutes(app: FastifyInstance) {
  const deps = (): Deps => ({ db: app.db, live: app.market.livePrices });
  // The product switch (onRequest, before validation): switched off, every lh/send route answers product_disabled.
  const visitor = routeGroup(app, tags, { ...anyone, product: 'subscription' });
  const user = routeGroup(app, tags, { ...signedIn, product: 'subscription' });
  const operator = routeGroup(app, consoleTags, superOnly);
  // The launched coin's USDT pair is listed by the spot module (docs/api-spot.md, "Listing a new pair").
  const listPair: PairLister = async ({ currencyId, price }) => {
    const pair = await app.spot.listPair({ currencyId, startPrice: price });
    return { pairId: pair.id, symbol: pair.symbol };
  };

  visitor.get('/lh/send/config', {
    summary: 'Every project: open ones first, with phase, supply left and price',
    reply: subscriptionApi.configReply,
    handler: (request) => projectList(deps(), requestLang(request)),
  });

  visitor.get('/lh/send/get_recommend', {
    summary: 'Up to three projects for the home page (open or upcoming first)',
    reply: subscriptionApi.recommendReply,
    handler: (request) => recommended(deps(), requestLang(request)),
  });

  routeGroup(app, tags, { ...optionallySignedIn, product: 'subscription' }).get('/lh/send/product_info', {
    summary: "One project; signed in, also the user's subscribed amount, quota left and available balance (`mine`)",
    querystring: subscriptionApi.productInfoQuery,
    reply: subscriptionApi.productInfoReply,
    handler: (request) => productInfo(deps(), requestLang(request), request.query.id, request.user?.id),
  });

  user.post('/lh/send/order', {
    summary: 'Subscribe: `amount` of the subscription currency is frozen in the coin account until allocation',
    body: subscriptionApi.orderBody,
    reply: subscriptionApi.orderReply,
    rateLimitPerMinute: 30,
    handler: (request) => subscribe(deps(), request.user!.id, request.body.config_id, request.body.amount),
  });

  user.get('/lh/send/order_list', {
    summary: "The user's subscriptions, newest first, with state (`exam_status`) and returns",
    querystring: subscriptionApi.orderListQuery,
    reply: subscriptionApi.orderListReply,
    handler: async (request) =>
      await userOrders(deps(), request.user!.id, request.query.status, request.query.page, request.query.limit),
  });

  // Console.
  operator.get('/admin/subscription/projects', {
    summary: 'Projects with their demand',
    querystring: subscriptionApi.projectsQuery,
    reply: subscriptionApi.projectsReply,
    handler: (request) => consoleProjects(app.db, request.query.page, request.query.limit),
  });

  operator.post('/admin/subscription/projects', {
    summary: 'Create a project (audited)',
    body: subscriptionApi.projectBody,
    reply: subscriptionApi.projectReply,
    handler: (request) => createProject(app.db, request, projectInput(request.body)),
  });

  operator.post('/admin/subscription/projects/:id', {
    summary: 'Edit an open project; its terms are fixed once anyone subscribed (audited)',
    params: subscriptionApi.projectParams,
    body: subscriptionApi.projectBody,
    reply: subscriptionApi.projectReply,
    handler: (request) => editProject(app.db, request, request.params.id, projectInput(request.body)),
  });

  operator.get('/admin/subscription/projects/:id/orders', {
    summary: "A project's subscriptions",
    params: subscriptionApi.projectParams,
    querystring: subscriptionApi.projectOrdersQuery,
    reply: subscriptionApi.projectOrdersReply,
    handler: (request) => consoleOrders(app.db, request.params.id, request.query.page, request.query.limit),
  });

  operator.post('/admin/subscription/projects/:id/close', {
    summary: 'End the subscription window now (audited)',
    params: subscriptionApi.projectParams,
    reply: subscriptionApi.closeReply,
    handler: (request) => closeProject(app.db, request, request.params.id),
  });

  operator.post('/admin/subscription/projects/:id/allocate', {
    summary: 'Allocate (pro-rata when oversubscribed) and refund the excess, once the window is over (audited)',
    params: subscriptionApi.projectParams,
    reply: subscriptionApi.allocateReply,
    handler: (request) => allocateProject(app.db, request, request.params.id),
  });

  operator.post('/admin/subscription/projects/:id/launch', {
    summary:
      'Launch: create the coin, credit the allocations (locked for the lock-up) and list its USDT pair at `price` (default: the issue price in USDT); again retries a failed listing (audited)',
    params: subscriptionApi.projectParams,
    body: subscriptionApi.launchBody,
    reply: subscriptionApi.launchReply,
    handler: (request) => launchProject(app.db, request, request.params.id, request.body ?? {}, listPair),
  });
}
