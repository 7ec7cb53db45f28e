/** Every response: `{ code, msg, data }`; `code` 0 is success (ARCHITECTURE.md). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** A validation issue as the server reports it: the field path and the contract message id. */
export interface Issue {
  path: string;
  message_id: string;
}
