import { randomBytes } from 'node:crypto';
import type { Config } from '../config.js';

/** Cluster mode is on exactly when both a PostgreSQL and a Redis URL are configured. */
export const clusterMode = (config: Pick<Config, 'databaseUrl' | 'redisUrl'>): boolean =>
  Boolean(config.databaseUrl && config.redisUrl);

/** NODE_ID names the node in logs, `/api/health` and Redis replies; without it each process picks one. */
export const nodeIdOf = (config: Pick<Config, 'nodeId'>): string => config.nodeId ?? `node-${randomBytes(4).toString('hex')}`;
