import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../server/app';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function staticDir(html: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'cdn-static-'));
  dirs.push(dir);
  if (html !== null) writeFileSync(join(dir, 'index.html'), html);
  return dir;
}

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('allows exactly the inline scripts of the built index.html: not its data blocks, not external ones', () => {
    const html = `<!doctype html><html><head>
      <script type="application/json" id="first-chunks">{"/cdn/dashboard":[]}</script>
      <script>(function(){window.started=1})();</script>
      <script type="module" crossorigin src="/assets/index.js"></script>
    </head><body><div id="root"></div></body></html>`;
    expect(inlineScriptHashes(staticDir(html))).toEqual([sha('(function(){window.started=1})();')]);
  });

  it('allows none without a built console', () => {
    expect(inlineScriptHashes(staticDir(null))).toEqual([]);
  });
});
