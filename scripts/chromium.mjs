// Finds Debian's Chromium and a CJK font, installing them with apt-get when missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const hasCjkFont = () => {
  try {
    return /wqy|noto sans cjk|droid sans fallback/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
};

export function ensureChromium() {
  if (existsSync(chromiumPath) && hasCjkFont()) return chromiumPath;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = root ? '' : 'sudo ';
  console.log('Installing Chromium and a CJK font (apt-get)…');
  try {
    execSync(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei`,
      {
        stdio: 'inherit',
      },
    );
  } catch {
    throw new Error(
      `Chromium is missing at ${chromiumPath} and could not be installed: run 'apt-get install chromium fonts-wqy-microhei' or set CHROMIUM_PATH.`,
    );
  }
  if (!existsSync(chromiumPath)) throw new Error(`Chromium is still missing at ${chromiumPath}.`);
  return chromiumPath;
}

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
