import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';

/**
 * What a frozen account may not do: the declared list below, and nothing else. A freeze stops new risk
 * and money leaving the platform; it never traps a user in what they hold, so everything not listed —
 * seeing balances and orders, closing and cancelling, setting stops, early redemption, transfers between
 * the user's own accounts, the security pages, support chat — keeps working (docs/decisions.md,
 * "Account freeze"). A route added here must require a signed-in user.
 */
export const REFUSED_WHILE_FROZEN: readonly { method: HTTPMethods; url: string; why: string }[] = [
  { method: 'POST', url: '/api/coin/trade', why: 'a new spot order' },
  { method: 'POST', url: '/api/lever/submit', why: 'opening a contract position (market or limit)' },
  { method: 'POST', url: '/api/microtrade/submit', why: 'buying an option' },
  { method: 'POST', url: '/api/lh/deposit', why: 'buying a wealth product' },
  { method: 'POST', url: '/api/lh/send/order', why: 'subscribing to a new coin' },
  { method: 'POST', url: '/api/wallet/out', why: 'a withdrawal (coin or bank)' },
];

/** The refusal: `account_frozen` with the reason operators gave, as the sign-in shows it. */
async function refuseFrozen(request: FastifyRequest): Promise<void> {
  // Runs after the route's own user guard; a listed route without one is a programming error, refused.
  const user = request.user;
  if (!user) throw new AppError('not_logged_in');
  if (user.frozenReason) throw new AppError('account_frozen', { values: { reason: user.frozenReason }, status: 403 });
}

/**
 * Adds the refusal to every listed route as it is declared (registered after the auth plugin, whose
 * own `onRoute` hook has by then moved the user guard into `preValidation`: this check follows it, so
 * a frozen user is refused before the body is read, and learns nothing from it).
 */
export const freezeGuardPlugin = fp(async (app: FastifyInstance) => {
  const listed = new Set(REFUSED_WHILE_FROZEN.map((r) => `${r.method} ${r.url}`));
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => listed.has(`${method} ${route.url}`))) return;
    const before = route.preValidation;
    route.preValidation = [...(before ? [before].flat() : []), refuseFrozen];
  });
});
