// Finds Debian's nginx with the Lua module the edge node needs, installing them with apt-get when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const nginxPath = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const nginxModules = process.env.NGINX_MODULES || '/usr/lib/nginx/modules';

const hasModules = () =>
  existsSync(`${nginxModules}/ngx_http_lua_module.so`) && existsSync(`${nginxModules}/ndk_http_module.so`);

/** Whether nginx and its modules are there, without installing anything. */
export const nginxAvailable = () => existsSync(nginxPath) && hasModules();

export function ensureNginx() {
  if (nginxAvailable()) return nginxPath;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo ';
  console.log('Installing nginx and its Lua module (apt-get)…');
  try {
    execSync(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Options::=--force-confold nginx libnginx-mod-http-lua`,
      { stdio: 'inherit' },
    );
  } catch {
    throw new Error(
      `nginx is missing at ${nginxPath} and could not be installed: run 'apt-get install nginx libnginx-mod-http-lua' or set NGINX_PATH.`,
    );
  }
  // Debian starts the packaged service on port 80; the edge runs its own instances.
  try {
    execSync(`${sudo}nginx -s stop`, { stdio: 'ignore' });
  } catch {
    // not running
  }
  if (!nginxAvailable()) throw new Error(`nginx or its Lua module is still missing (${nginxPath}).`);
  return nginxPath;
}
