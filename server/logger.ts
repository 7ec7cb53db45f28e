import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export type LoggerConfig = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** Query parameters of the sign-in flow that must never reach a log. */
const secretParams = ['code', 'state', 'session_state'];

/** Replaces the values of code, state and session_state in a URL with `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hashAt = url.indexOf('#', q);
  const query = url.slice(q + 1, hashAt < 0 ? undefined : hashAt);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return secretParams.includes(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}${hashAt < 0 ? '' : url.slice(hashAt)}`;
}

/** Pino options: redaction of credentials and of the sign-in parameters in URLs. */
export function loggerOptions(level: string): LoggerConfig {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-operator-key"]',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        'password',
        '*.password',
        'body.password',
        'req.body.password',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        // Anything else logged under `req` is passed on (and redacted by the paths above).
        if (typeof request?.url !== 'string') return request as unknown as Record<string, string>;
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
