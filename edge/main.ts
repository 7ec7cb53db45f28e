// The edge agent as a program: `npm run edge -- --console URL --key K` (see README, "Edge nodes").
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { EdgeAgent } from './agent';

const { values } = parseArgs({
  options: {
    console: { type: 'string', default: process.env.EDGE_CONSOLE },
    key: { type: 'string', default: process.env.EDGE_KEY },
    dir: { type: 'string', default: process.env.EDGE_DIR ?? 'data/edge' },
    listen: { type: 'string', default: process.env.EDGE_LISTEN ?? '127.0.0.1' },
    address: { type: 'string', default: process.env.EDGE_ADDRESS },
    'http-port': { type: 'string', default: process.env.EDGE_HTTP_PORT ?? '8081' },
    'https-port': { type: 'string', default: process.env.EDGE_HTTPS_PORT ?? '8443' },
    'control-port': { type: 'string', default: process.env.EDGE_CONTROL_PORT ?? '8082' },
    nginx: { type: 'string', default: process.env.NGINX_PATH ?? '/usr/sbin/nginx' },
    modules: { type: 'string', default: process.env.NGINX_MODULES ?? '/usr/lib/nginx/modules' },
  },
});

if (!values.console || !values.key) {
  console.error('usage: npm run edge -- --console <console URL> --key <edge key> [--dir data/edge]');
  console.error(
    '       [--listen 127.0.0.1] [--address <public IPv4>] [--http-port 8081] [--https-port 8443]',
  );
  process.exit(2);
}

const port = (name: 'http-port' | 'https-port' | 'control-port') => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    console.error(`--${name} must be a port number`);
    process.exit(2);
  }
  return value;
};

const agent = new EdgeAgent({
  consoleUrl: values.console.replace(/\/$/, ''),
  key: values.key,
  root: resolve(values.dir!),
  listen: values.listen!,
  ...(values.address ? { address: values.address } : {}),
  httpPort: port('http-port'),
  httpsPort: port('https-port'),
  controlPort: port('control-port'),
  nginx: values.nginx!,
  modules: values.modules!,
});

const stop = () => {
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

agent.start().then(
  () =>
    console.log(
      `Edge node serving on ${values.listen}:${values['http-port']} (HTTPS ${values['https-port']})`,
    ),
  (error: unknown) => {
    console.error(`The edge node could not start: ${(error as Error).message}`);
    void agent.stop().finally(() => process.exit(1));
  },
);
