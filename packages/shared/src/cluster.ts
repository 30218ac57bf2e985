import { z } from 'zod';

/**
 * cluster: `GET /api/health`, what one node says about itself. `leader` holds the cluster's
 * once-only work (market feed, settlements, jobs); `engines` are the spot pairs whose engine runs on
 * this node; `redis` is `off` outside cluster mode.
 */
export const healthReply = z.object({
  node: z.string(),
  leader: z.boolean(),
  engines: z.array(z.string()),
  redis: z.enum(['up', 'down', 'off']),
  database: z.enum(['up', 'down']),
  cluster: z.boolean(),
});
export type HealthReply = z.infer<typeof healthReply>;
