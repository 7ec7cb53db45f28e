/** The one error type of the API client. */
export class ApiError extends Error {
  /** Network failures (no answer, or an answer that is not JSON). */
  static readonly networkCode = -1;

  /** The envelope code; -1 for a network failure. */
  readonly code: number;
  /** The envelope's `data` (e.g. `{ issues }` for 40001, `{ url }` for 44). */
  readonly data: unknown;
  /** Messages to show: the `fast_msgs` of a non-info result, or the toast text. */
  readonly messages: readonly string[];

  constructor(code: number, message: string, data?: unknown, messages?: readonly string[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.messages = messages ?? (message ? [message] : []);
  }

  get isNetworkError(): boolean {
    return this.code === ApiError.networkCode;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
