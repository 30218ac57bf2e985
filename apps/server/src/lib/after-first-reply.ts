import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the server has answered its first request, or `fallbackMs` after it listens if no
 * request comes: work the API does not need for its first reply (the market's history, the socket
 * server) never delays that reply, which is what a restart is judged by.
 */
export function afterFirstReply(app: FastifyInstance, task: () => void, fallbackMs = 500): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  app.addHook('onListen', async () => {
    setTimeout(run, fallbackMs).unref();
  });
  app.addHook('onResponse', async () => {
    if (!done) setImmediate(run);
  });
}
