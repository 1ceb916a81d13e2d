/** The closed set of failures an endpoint may report, each with its HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * A failure with a code and a message that is safe to show to the visitor. An outcome the browser
 * tells apart from others of its code (a closed poll, a taken name) also carries a `reason` from
 * its feature's union (declared in the feature's schema.ts): the browser switches on that, never on
 * the message, so rewording a message changes no behaviour. `details` are facts the browser needs
 * to ask the visitor again (how many answers an edit would delete), sent beside `error`.
 */
export class AppError<TReason extends string = string> extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  readonly reason: TReason | undefined;
  readonly details: Record<string, number | string>;
  constructor(
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    reason?: TReason,
    details: Record<string, number | string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = headers;
    this.reason = reason;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
