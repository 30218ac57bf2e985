import type { FastifyInstance } from 'fastify';
import type { ContractsService } from '../modules/contracts/service.js';
import { type Rpc, unavailable } from './rpc.js';

/** Contract commands all run on the leader, which holds the open positions in memory. */
export const CONTRACTS_TARGET = 'contracts';

type Command =
  | { op: 'submit'; userId: number; form: Record<string, unknown> & { pairId: number } }
  | { op: 'setStops'; userId: number; id: number; input: { stopProfit?: unknown; stopLoss?: unknown } }
  | { op: 'closeByUser'; userId: number; id: number }
  | { op: 'cancelByUser'; userId: number; id: number }
  | { op: 'closeAll'; userId: number; side?: string; pairId?: number };

type Local = Pick<ContractsService, 'submit' | 'setStops' | 'closeByUser' | 'cancelByUser' | 'closeAll'>;

/**
 * Routes the contracts service's commands: run here while this node leads, else forwarded to the
 * leader (positions, stops and liquidations live in one process's memory). Reads stay local: they
 * come from the database. Returns the leader's handler for the forwarded commands.
 */
export function routeContracts(
  app: FastifyInstance,
  rpc: Rpc,
  leading: () => boolean,
): (body: unknown, notAfter: number) => Promise<unknown> {
  const service = app.contracts;
  const local: Local = {
    submit: service.submit.bind(service),
    setStops: service.setStops.bind(service),
    closeByUser: service.closeByUser.bind(service),
    cancelByUser: service.cancelByUser.bind(service),
    closeAll: service.closeAll.bind(service),
  };
  const forward = <T>(command: Command) => rpc.request<T>(CONTRACTS_TARGET, command);
  service.submit = (userId, form) => {
    if (leading()) return local.submit(userId, form);
    const { pair, ...rest } = form;
    return forward({ op: 'submit', userId, form: { ...rest, pairId: pair.id } });
  };
  service.setStops = (userId, id, input) =>
    leading() ? local.setStops(userId, id, input) : forward({ op: 'setStops', userId, id, input });
  service.closeByUser = (userId, id) => (leading() ? local.closeByUser(userId, id) : forward({ op: 'closeByUser', userId, id }));
  service.cancelByUser = (userId, id) =>
    leading() ? local.cancelByUser(userId, id) : forward({ op: 'cancelByUser', userId, id });
  service.closeAll = (userId, filter) =>
    leading() ? local.closeAll(userId, filter) : forward({ op: 'closeAll', userId, side: filter.side, pairId: filter.pair?.id });

  return async (body, notAfter) => {
    // A command that reached the leader after its caller's budget (less the way back) is not started.
    if (!leading() || Date.now() > notAfter) throw unavailable();
    const command = body as Command;
    await app.market.ensurePairs();
    const pairOf = (id: number | undefined) => {
      if (id === undefined) return undefined;
      const pair = app.market.getPair(id);
      if (!pair) throw unavailable();
      return pair;
    };
    switch (command.op) {
      case 'submit': {
        const { pairId, ...rest } = command.form;
        return local.submit(command.userId, { ...(rest as Omit<Parameters<Local['submit']>[1], 'pair'>), pair: pairOf(pairId)! });
      }
      case 'setStops':
        return local.setStops(command.userId, command.id, command.input);
      case 'closeByUser':
        return local.closeByUser(command.userId, command.id);
      case 'cancelByUser':
        return local.cancelByUser(command.userId, command.id);
      case 'closeAll':
        return local.closeAll(command.userId, {
          side: command.side as Parameters<Local['closeAll']>[1]['side'],
          pair: pairOf(command.pairId),
        });
      default:
        throw unavailable();
    }
  };
}
