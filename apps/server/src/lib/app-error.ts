import type { ErrorCode } from '@app/shared';

const STATUS: Partial<Record<ErrorCode, number>> = {
  not_logged_in: 401,
  forbidden: 403,
  real_name_required: 403,
  not_found: 404,
  body_too_large: 413,
  upload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  request_timeout: 503,
  internal_error: 500,
  engine_unavailable: 503, // the node running the market's engine did not answer in time
  service_unavailable: 503,
};

/**
 * A refusal the user should read: the error handler turns it into the envelope with the message
 * localized to the request's language. `fields` name the inputs at fault (each an error code).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: { fields?: Record<string, ErrorCode>; values?: Record<string, string | number>; status?: number } = {},
  ) {
    super(code);
    this.status = options.status ?? STATUS[code] ?? 400;
  }
}

export const fail = (code: ErrorCode, field?: string): never => {
  throw new AppError(code, field ? { fields: { [field]: code } } : {});
};
