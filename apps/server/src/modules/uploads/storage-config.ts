import { UPLOAD_STORAGE_KINDS, type UploadStorageKind } from './storage.js';

export type S3Settings = {
  /** S3_ENDPOINT: the store's base URL (MinIO, Ceph, R2…); unset: AWS S3 of the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix of every object (S3_PREFIX, default `uploads/`). */
  prefix: string;
};

export type UploadStorageConfig = { kind: 'local' } | { kind: 'database' } | { kind: 's3'; s3: S3Settings };

/**
 * The upload storage from the environment. UPLOAD_STORAGE names it (local, database, s3); unset, it is
 * s3 when S3_BUCKET is set, database when DATABASE_URL is (several nodes share one database, not one
 * disk), local otherwise. A misspelt or half-configured storage stops the start rather than quietly
 * keeping images where other nodes cannot read them.
 */
export function uploadStorageConfig(env: NodeJS.ProcessEnv): UploadStorageConfig {
  const named = env.UPLOAD_STORAGE || undefined;
  if (named !== undefined && !(UPLOAD_STORAGE_KINDS as readonly string[]).includes(named)) {
    throw new Error(`UPLOAD_STORAGE must be one of ${UPLOAD_STORAGE_KINDS.join(', ')} (got "${named}")`);
  }
  const kind: UploadStorageKind =
    (named as UploadStorageKind | undefined) ?? (env.S3_BUCKET ? 's3' : env.DATABASE_URL ? 'database' : 'local');
  if (kind !== 's3') return { kind };
  return { kind, s3: s3Settings(env) };
}

function s3Settings(env: NodeJS.ProcessEnv): S3Settings {
  const bucket = env.S3_BUCKET;
  if (!bucket) throw new Error('UPLOAD_STORAGE=s3 needs S3_BUCKET');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK credential chain',
    );
  }
  const prefix = env.S3_PREFIX ?? 'uploads/';
  return {
    ...(endpoint ? { endpoint } : {}),
    bucket,
    region: env.S3_REGION || 'us-east-1',
    ...(accessKeyId ? { accessKeyId, secretAccessKey } : {}),
    prefix,
  };
}
