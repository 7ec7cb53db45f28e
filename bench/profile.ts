// Where the main thread's time goes before a screen's content, on a warm visit: the console
// visited before in the same browser profile on disk (service worker installed, its caches, V8's
// code cache and the device's stored data there), a new page opened by the screen's address, the
// worker stopped before each run as bench/lcp.ts does. Per screen:
// - the time to content without instrumentation (the probe only);
// - a census run: React's commits before the content, how many components each rendered and the
//   component at the top of each (its source module and line with source maps);
// - a traced run (devtools.timeline, v8), cut at the frame holding the content: the main thread's
//   time by kind (scripting, compile, GC, style, layout, paint, HTML), wall and on the CPU (the
//   thread's clock: on a loaded machine the wall time is mostly waiting for a processor), idle;
//   the milestones (the worker, the HTML, the entry chunk, each call, the route chunk, IndexedDB,
//   React's commits, first paint, the content), the long tasks and what they ran, the idle gaps
//   and what was in flight, compile and evaluation per script;
// - a profiled run (CDP Profiler, 100 µs samples), cut the same way: the top functions by self
//   time with their script, line and caller, self time by script, each script's module
//   evaluation (the entry chunk's by what its top level calls), and with source maps self time
//   by package and by source module.
// The traced and profiled runs are apart, as each slows the page down. Self times are given as
// samples × interval (the CPU share) and as wall time (the gap to the next sample).
//
//   node_modules/.bin/tsx bench/profile.ts [--runs N] [--screens dashboard,domain-list,ip-ban]
//     [--sourcemap | --static DIR] [--interval µs] [--save DIR] [--categories a,b] [--keep-worker]
//
// The console served is a copy of dist/ (built first if missing); `--sourcemap` builds the
// working tree with hidden source maps into a temporary folder and serves that; `--static DIR`
// serves a build of one's own (its .map files are used when there). `--save DIR` writes each
// traced run's trace and each profiled run's .cpuprofile, for the DevTools Performance panel;
// `--categories` adds trace categories to the traced runs (on the saved trace only);
// `--keep-worker` leaves the service worker running between runs.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { startServer } from '../tests/e2e/support/server-process';
import {
  measuredScreens,
  networkQuiet,
  signedInWithWorker,
  watchContent,
  percentile,
  type MeasuredScreen,
} from './support';

// --- options ------------------------------------------------------------------------------------
const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const PROFILED_RUNS = Number(option('--runs') ?? 1);
const PLAIN_RUNS = 3;
const samplingIntervalUs = Number(option('--interval') ?? 100);
const TOP_FUNCTIONS = 25;
const CONTENT_TIMEOUT_MS = 30_000;
const viewport = { width: 1440, height: 900 };
const keepWorker = argv.includes('--keep-worker');
const saveDir = option('--save');

type Screen = MeasuredScreen;
const allScreens = measuredScreens;
const screenFilter = option('--screens')?.split(',');
const screens = screenFilter
  ? allScreens.filter((s) => screenFilter.some((f) => s.name.replace(' ', '-') === f || s.hash.endsWith(f)))
  : allScreens;

// --- the page's probe -------------------------------------------------------------------------------
interface Commit {
  at: number;
  /** Function and class components that rendered in the commit (census runs only). */
  rendered: number | null;
  names: string[] | null;
  /** The largest subtrees that rendered, by their top component, and how many there were. */
  roots?: { name: string; size: number; source: string | null }[];
  rootCount?: number;
}
interface ProbeState {
  /** performance.now() of the probe's mark `__profile_probe`. */
  markAt: number;
  contentAt: number | null;
  contentFramedAt: number | null;
  commits: Commit[];
  idb: { name: string; at: number; upgradeAt: number | null; openedAt: number | null }[];
  lcp: { startTime: number; element: string }[];
  paints: { name: string; startTime: number }[];
  navigation: Record<string, number>;
  resources: {
    name: string;
    initiatorType: string;
    startTime: number;
    workerStart: number;
    responseStart: number;
    responseEnd: number;
  }[];
  styleElements: number;
  cssRules: number;
  domElements: number;
  /** What the page keeps in localStorage: read whole by the first access of the page. */
  localStorageKeys: number;
  localStorageChars: number;
}

/**
 * Installed before the page's scripts (a string: tsx would add its helpers to a function's
 * source). The moment the marker is in the DOM and the frame after it; React's commits through a
 * stand-in of the DevTools hook (in a census run, what each commit rendered: the fibers that
 * performed work, as React DevTools counts them); IndexedDB opens; the LCP candidates.
 */
const probe = (marker: string, census: boolean) => `
(() => {
  // A mark on the trace with its time on the page's clock: places the page's times on the trace.
  const mark = performance.mark('__profile_probe');
  const state = { markAt: mark.startTime, contentAt: null, contentFramedAt: null, commits: [], idb: [], lcp: [] };
  const census = ${census};
  const nameOf = (type) => {
    if (!type) return '?';
    if (typeof type === 'string') return type;
    return type.displayName || type.name || (type.type && (type.type.displayName || type.type.name)) ||
      (type.render && (type.render.displayName || type.render.name)) || '(anonymous)';
  };
  const componentTags = new Set([0, 1, 11, 14, 15]);
  // Each commit's highest components that rendered (no component above them did): what set it
  // off. Their functions are kept for the runner to locate (census runs).
  window.__censusRoots = [];
  const rendered = (root) => {
    let count = 0;
    const names = [];
    const roots = [];
    const stack = [[root, -1]];
    while (stack.length) {
      const [fiber, rootIndex] = stack.pop();
      let inside = rootIndex;
      if (componentTags.has(fiber.tag) && (fiber.alternate === null || (fiber.flags & 1) === 1)) {
        count++;
        names.push(nameOf(fiber.type));
        if (inside < 0) {
          roots.push({ type: fiber.type, name: nameOf(fiber.type), size: 0 });
          inside = roots.length - 1;
        }
        roots[inside].size++;
      }
      // A subtree the commit did not touch keeps its children: not walked.
      if (fiber.child && !(fiber.alternate && fiber.alternate.child === fiber.child)) stack.push([fiber.child, inside]);
      if (fiber.sibling && fiber !== root) stack.push([fiber.sibling, rootIndex]);
    }
    roots.sort((a, b) => b.size - a.size);
    const kept = roots.slice(0, 4);
    window.__censusRoots.push(kept.map((r) => (typeof r.type === 'function' ? r.type : r.type && (r.type.type || r.type.render)) || null));
    return { count, names, roots: kept.map((r) => ({ name: r.name, size: r.size, source: null })), rootCount: roots.length };
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onCommitFiberRoot: (_id, root) => {
      const at = performance.now();
      if (state.contentAt !== null) return;
      if (!census) return state.commits.push({ at, rendered: null, names: null });
      const { count, names, roots, rootCount } = rendered(root.current);
      state.commits.push({ at, rendered: count, names, roots, rootCount });
    },
    onPostCommitFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
  };
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, version) {
    const entry = { name: String(name), at: performance.now(), upgradeAt: null, openedAt: null };
    state.idb.push(entry);
    const request = open.apply(this, arguments);
    request.addEventListener('upgradeneeded', () => (entry.upgradeAt = performance.now()));
    request.addEventListener('success', () => (entry.openedAt = performance.now()));
    return request;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      state.lcp.push({
        startTime: entry.startTime,
        element: el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 30) + '"' : '(removed)',
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
${watchContent(marker)}
  window.__profileProbe = {
    done: () => state.contentFramedAt !== null,
    state: () => {
      const nav = performance.getEntriesByType('navigation')[0];
      const navigation = {};
      if (nav) for (const key of ['workerStart', 'fetchStart', 'responseStart', 'responseEnd', 'domInteractive', 'domContentLoadedEventEnd', 'loadEventEnd'])
        navigation[key] = nav[key];
      let cssRules = 0;
      for (const sheet of document.styleSheets) {
        try { cssRules += sheet.cssRules.length; } catch {}
      }
      return {
        ...state,
        paints: performance.getEntriesByType('paint').map((p) => ({ name: p.name, startTime: p.startTime })),
        navigation,
        resources: performance.getEntriesByType('resource').map((r) => ({
          name: r.name, initiatorType: r.initiatorType, startTime: r.startTime, workerStart: r.workerStart,
          responseStart: r.responseStart, responseEnd: r.responseEnd,
        })),
        styleElements: document.querySelectorAll('style').length,
        cssRules,
        domElements: document.getElementsByTagName('*').length,
        localStorageKeys: localStorage.length,
        localStorageChars: Object.keys(localStorage).reduce((sum, key) => sum + key.length + (localStorage.getItem(key) || '').length, 0),
      };
    },
  };
})();
`;

// --- CDP types ----------------------------------------------------------------------------------
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
  scriptId: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: the event's start and length on its thread's clock. */
  tts?: number;
  tdur?: number;
  ph: string;
  cat: string;
  name: string;
  args?: { data?: Record<string, unknown>; name?: string; [key: string]: unknown };
}

// --- a run ----------------------------------------------------------------------------------------
/**
 * The trace of a traced run: the main thread's tasks and what they ran, without V8's per-function
 * compile events and GC phases (thousands of events, which slow the page down).
 */
const traceCategories = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
];
/** More categories for the traced runs (`--categories a,b`): on the trace saved, not in the report. */
const extraCategories = option('--categories')?.split(',') ?? [];
/** A profiled run's trace: only the navigation start, to place the samples. */
const markCategories = ['-*', 'blink.user_timing', 'loading'];

async function readStream(cdp: CDPSession, handle: string): Promise<string> {
  const parts: string[] = [];
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle, size: 1 << 20 });
    parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  return parts.join('');
}

async function endTracing(cdp: CDPSession): Promise<TraceEvent[]> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream!)),
  );
  await cdp.send('Tracing.end');
  const parsed = JSON.parse(await readStream(cdp, await complete)) as
    TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

type Kind = 'plain' | 'census' | 'traced' | 'profiled';
interface RunResult {
  state: ProbeState;
  profile?: CpuProfile;
  trace: TraceEvent[];
}

/**
 * Opens the screen by its address in a new page of the visited context and waits for the frame
 * that holds its content: `traced` under the trace, `profiled` under the CPU profile (the two
 * apart, as each slows the page down). Waits through CDP's Runtime.evaluate, not Playwright's
 * (whose helper script would be compiled in the page).
 */
async function visit(
  context: BrowserContext,
  serverUrl: string,
  screen: Screen,
  kind: Kind,
): Promise<RunResult> {
  const page = await context.newPage();
  await page.addInitScript(probe(screen.marker, kind === 'census'));
  const cdp = await context.newCDPSession(page);
  try {
    if (!keepWorker) {
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.send('ServiceWorker.disable');
    }
    const scripts = new Map<string, string>();
    if (kind === 'census') {
      cdp.on('Debugger.scriptParsed', (event) => scripts.set(event.scriptId, event.url));
      await cdp.send('Debugger.enable');
    }
    const tracing = kind === 'traced' || kind === 'profiled';
    if (tracing)
      await cdp.send('Tracing.start', {
        transferMode: 'ReturnAsStream',
        traceConfig: {
          recordMode: 'recordAsMuchAsPossible',
          includedCategories: kind === 'traced' ? [...traceCategories, ...extraCategories] : markCategories,
        },
      });
    // The renderers start recording a moment after the browser: the page's first events would
    // be lost (its navigation start among them).
    if (tracing) await new Promise((resolve) => setTimeout(resolve, 500));
    if (kind === 'profiled') {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: samplingIntervalUs });
      await cdp.send('Profiler.start');
    }
    await page.goto(`${serverUrl}/${screen.hash}`, { waitUntil: 'commit' });
    const deadline = Date.now() + CONTENT_TIMEOUT_MS;
    for (;;) {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: 'window.__profileProbe ? window.__profileProbe.done() : false',
        returnByValue: true,
      });
      if (result.value === true) break;
      if (Date.now() > deadline) throw new Error(`${screen.name}: no content in ${CONTENT_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const result: RunResult = { state: await probeState(page), trace: [] };
    if (kind === 'census') await locateRoots(cdp, result.state, scripts);
    if (kind === 'profiled') {
      result.profile = (await cdp.send('Profiler.stop')).profile as unknown as CpuProfile;
      await cdp.send('Profiler.disable');
    }
    if (tracing) result.trace = await endTracing(cdp);
    if (!page.url().endsWith(screen.hash)) throw new Error(`${screen.name}: ended on ${page.url()}`);
    const controlled = await page.evaluate(() => navigator.serviceWorker?.controller != null);
    if (!controlled) throw new Error(`${screen.name}: the page was not controlled by the service worker`);
    return result;
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}

/** Where each commit's top components are defined: the source module and line, with the maps. */
async function locateRoots(cdp: CDPSession, state: ProbeState, scripts: Map<string, string>) {
  for (let i = 0; i < state.commits.length; i++) {
    const roots = state.commits[i]!.roots ?? [];
    for (let j = 0; j < roots.length; j++) {
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: `window.__censusRoots[${i}][${j}]`,
      });
      if (!result.objectId) continue;
      const { internalProperties } = await cdp.send('Runtime.getProperties', { objectId: result.objectId });
      const location = internalProperties?.find((p) => p.name === '[[FunctionLocation]]')?.value?.value as
        { scriptId: string; lineNumber: number; columnNumber: number } | undefined;
      const url = location && scripts.get(location.scriptId);
      if (!location || !url) continue;
      const frame = { ...location, url, functionName: '' };
      const source = original(frame);
      roots[j]!.source = source
        ? `${source.path}:${source.line}`
        : `${shortUrl(url)}:${location.lineNumber + 1}:${location.columnNumber + 1}`;
    }
  }
}

const probeState = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __profileProbe: { state(): ProbeState } }).__profileProbe.state(),
  );

/**
 * A browser profile that has used the console: signed in through the portal, the service worker
 * installed and controlling, each screen visited in the console and then twice by its address in
 * a page of its own (as a returning user opens it), so that its code is cached (V8's code cache
 * included) and its stored data is on the device.
 */
async function visitedContext(
  serverUrl: string,
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const { context, page, close } = await signedInWithWorker(serverUrl, viewport);
  for (const screen of allScreens) {
    await page.evaluate((hash) => (location.hash = hash), screen.hash);
    await page.locator(screen.marker).first().waitFor({ timeout: CONTENT_TIMEOUT_MS });
    await networkQuiet(page, 1000);
  }
  await page.waitForFunction(async () => (await indexedDB.databases()).length > 0, undefined, {
    timeout: CONTENT_TIMEOUT_MS,
    polling: 250,
  });
  await page.close();
  for (const screen of allScreens)
    for (let i = 0; i < 2; i++) {
      const visitPage = await context.newPage();
      await visitPage.goto(`${serverUrl}/${screen.hash}`);
      await visitPage.locator(screen.marker).first().waitFor({ timeout: CONTENT_TIMEOUT_MS });
      await networkQuiet(visitPage, 500);
      await visitPage.close();
    }
  return { context, close };
}

// --- source maps ----------------------------------------------------------------------------------
let staticDir = 'dist';
const maps = new Map<string, TraceMap | null>();

function mapOf(url: string): TraceMap | null {
  if (!maps.has(url)) {
    let map: TraceMap | null = null;
    try {
      const file = join(staticDir, new URL(url).pathname + '.map');
      if (existsSync(file)) map = new TraceMap(readFileSync(file, 'utf8'));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url)!;
}

/** A source path of the map as a path of the repository: `src/…` or `node_modules/…`. */
function repoPath(source: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return source.slice(nodeModules);
  const src = source.search(/(^|\/)src\//);
  if (src >= 0) return source.slice(source[src] === '/' ? src + 1 : src);
  return source.replace(/^(\.\.\/)+/, '');
}

/** The package (`node_modules/@scope/name` → `@scope/name`) or the src folder of a source. */
function groupOf(path: string): string {
  if (path.startsWith('node_modules/')) {
    const parts = path.slice('node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const parts = path.split('/');
  if (parts[0] === 'src')
    return parts.slice(0, parts[1] === 'features' || parts[1] === 'app' ? 3 : 2).join('/');
  return path;
}

function original(frame: CallFrame): { path: string; line: number; name: string | null } | null {
  if (!frame.url) return null;
  const map = mapOf(frame.url);
  if (!map) return null;
  const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!position.source) return null;
  return { path: repoPath(position.source), line: position.line ?? 0, name: position.name };
}

// --- analysis --------------------------------------------------------------------------------------
const ms = (us: number) => (us / 1000).toFixed(1);
const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);
const padStart = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text;
let serverOrigin = '';
const shortUrl = (url: string) => {
  if (!url) return '(init script: the probe, Playwright)';
  try {
    const parsed = new URL(url);
    if (parsed.origin !== serverOrigin) return url;
    return parsed.pathname === '/'
      ? '/ (index.html, its inline page-start script)'
      : parsed.pathname + parsed.search;
  } catch {
    return url;
  }
};
const clipText = (text: string, width: number) =>
  text.length > width ? text.slice(0, width - 1) + '…' : text;

/** The run's page on the trace: its main thread and navigation start (µs), and the window's end. */
interface Frame {
  pid: number;
  tid: number;
  t0: number;
  /** The end of the frame holding the content. */
  end: number;
  content: number;
}

function frameOf(run: RunResult): Frame {
  const { state, trace } = run;
  const nav = trace
    .filter(
      (e) =>
        e.name === 'navigationStart' &&
        e.args?.data?.isLoadingMainFrame === true &&
        String(e.args.data.documentLoaderURL).startsWith(serverOrigin),
    )
    .at(-1);
  // Some navigations are marked without their address: then the probe's mark places the page.
  const mark = trace.filter((e) => e.name === '__profile_probe').at(-1);
  const origin = nav ?? mark;
  if (!origin) throw new Error('neither the navigation start nor the probe is on the trace');
  const t0 = nav ? nav.ts : mark!.ts - state.markAt * 1000;
  return {
    pid: origin.pid,
    tid: origin.tid,
    t0,
    end: t0 + state.contentFramedAt! * 1000,
    content: t0 + state.contentAt! * 1000,
  };
}

interface Interval {
  name: string;
  start: number;
  end: number;
  /** Time on the CPU (the thread's clock), when the trace has it. */
  cpu: number;
  args: TraceEvent['args'];
  self: number;
  /** Self time on the CPU, in the window (prorated when cut by it). */
  selfCpu: number;
  parent: Interval | null;
  children: Interval[];
}

/** The trace's kind of a main-thread event's self time. */
function kindOf(name: string): string {
  if (/^(v8\.compile|v8\.compileModule|V8\.Compile|CacheScript|v8\.produce|v8\.deserialize)/.test(name))
    return 'compile';
  if (/GC|Scavenge|MarkCompact|Sweep|CppGC|ThreadState::/.test(name)) return 'GC';
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/.test(name)) return 'style';
  if (/^(Layout|UpdateLayout|IntersectionObserverController::computeIntersections)$/.test(name))
    return 'layout';
  if (
    /^(Paint|PrePaint|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintImage|Decode Image)$/.test(
      name,
    )
  )
    return 'paint & composite';
  if (name === 'ParseHTML') return 'HTML parse';
  if (
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|v8\.run|v8\.callFunction|v8\.newInstance|FireAnimationFrame|FireIdleCallback|XHR|V8\.(Execute|StackGuard|HandleInterrupts|BytecodeBudgetInterrupt|DeoptimizeCode|InvokeApiInterruptCallbacks)|V8\.(Maglev|Turbofan|FinalizeMaglev|FinalizeBaseline)|FlushInstructionCache)/.test(
      name,
    )
  )
    return 'scripting';
  return 'other';
}

/** The main thread's events as nested intervals, each with its self time inside the window. */
function mainThread(trace: TraceEvent[], frame: Frame): { intervals: Interval[]; topLevel: Interval[] } {
  const intervals: Interval[] = [];
  const open: TraceEvent[] = [];
  const make = (
    name: string,
    start: number,
    end: number,
    cpu: number,
    args: TraceEvent['args'],
  ): Interval => ({
    name,
    start,
    end,
    cpu,
    args,
    self: 0,
    selfCpu: 0,
    parent: null,
    children: [],
  });
  for (const e of trace) {
    if (e.pid !== frame.pid || e.tid !== frame.tid) continue;
    if (e.ph === 'X' && e.dur !== undefined)
      intervals.push(make(e.name, e.ts, e.ts + e.dur, e.tdur ?? e.dur, e.args));
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E')
      for (let i = open.length - 1; i >= 0; i--)
        if (open[i]!.name === e.name) {
          const begin = open.splice(i, 1)[0]!;
          const cpu = begin.tts !== undefined && e.tts !== undefined ? e.tts - begin.tts : e.ts - begin.ts;
          intervals.push(make(begin.name, begin.ts, e.ts, cpu, { ...begin.args, ...e.args }));
          break;
        }
  }
  intervals.sort((a, b) => a.start - b.start || b.end - a.end);
  const stack: Interval[] = [];
  const topLevel: Interval[] = [];
  for (const interval of intervals) {
    while (stack.length && stack.at(-1)!.end <= interval.start) stack.pop();
    const parent = stack.at(-1) ?? null;
    interval.parent = parent;
    interval.self += clipTo(interval, frame);
    interval.selfCpu += cpuIn(interval, frame);
    if (parent) {
      parent.self -= clipTo(interval, frame);
      parent.selfCpu -= cpuIn(interval, frame);
      parent.children.push(interval);
    } else topLevel.push(interval);
    stack.push(interval);
  }
  return { intervals, topLevel };
}

const clipTo = (i: { start: number; end: number }, frame: Frame) =>
  Math.max(0, Math.min(i.end, frame.end) - Math.max(i.start, frame.t0));
/** An interval's CPU time inside the window, prorated when the window cuts it. */
const cpuIn = (i: Interval, frame: Frame) =>
  i.end > i.start ? (i.cpu * clipTo(i, frame)) / (i.end - i.start) : 0;

/** What a task ran, in a few words: its largest descendants that say something. */
function describeTask(task: Interval): string {
  const telling: Interval[] = [];
  const walk = (interval: Interval) => {
    const name = interval.name;
    const data = (interval.args?.data ?? {}) as Record<string, unknown>;
    if (
      /^(EvaluateScript|v8\.evaluateModule|FunctionCall|EventDispatch|RunMicrotasks|TimerFire|UpdateLayoutTree|Layout|ParseHTML|FireAnimationFrame|MinorGC|MajorGC|v8\.compile|v8\.compileModule|DocumentLoader::CommitNavigation|LocalWindowProxy::Initialize|Paint|PrePaint)$/.test(
        name,
      ) &&
      interval.end - interval.start >= 2000
    ) {
      const detail =
        (data.url ? ` ${shortUrl(String(data.url))}` : '') +
        (data.functionName ? ` ${String(data.functionName)}` : '') +
        (data.type ? ` ${String(data.type)}` : '');
      telling.push({ ...interval, name: `${name}${detail}` });
      if (
        !/^(v8\.callFunction|FunctionCall|EventDispatch|RunMicrotasks|ParseHTML|DocumentLoader::CommitNavigation)/.test(
          name,
        )
      )
        return;
    }
    for (const child of interval.children) walk(child);
  };
  walk(task);
  return telling
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, 4)
    .map((i) => `${i.name} ${ms(i.end - i.start)} (${ms(i.cpu)})`)
    .join('; ');
}

function analyseTrace(run: RunResult): string[] {
  const { state, trace } = run;
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  const frame = frameOf(run);
  const { t0 } = frame;
  const { intervals, topLevel } = mainThread(trace, frame);
  const window = frame.end - t0;
  const kinds = new Map<string, { wall: number; cpu: number }>();
  const selfByName = new Map<string, { wall: number; cpu: number }>();
  const add = (map: Map<string, { wall: number; cpu: number }>, key: string, wall: number, cpu: number) => {
    const entry = map.get(key) ?? { wall: 0, cpu: 0 };
    entry.wall += wall;
    entry.cpu += cpu;
    map.set(key, entry);
  };
  const counts = new Map<string, number>();
  for (const interval of intervals) {
    add(kinds, kindOf(interval.name), interval.self, interval.selfCpu);
    add(selfByName, interval.name, interval.self, interval.selfCpu);
    if (clipTo(interval, frame) > 0) counts.set(interval.name, (counts.get(interval.name) ?? 0) + 1);
  }
  let busy = 0;
  let busyCpu = 0;
  let lastEnd = t0;
  const gaps: { start: number; end: number }[] = [];
  for (const task of topLevel) {
    const start = Math.max(task.start, lastEnd);
    const end = Math.min(task.end, frame.end);
    if (end <= start) continue;
    if (start - lastEnd >= 5000) gaps.push({ start: lastEnd, end: start });
    busy += end - start;
    busyCpu += cpuIn(task, frame);
    lastEnd = end;
  }
  if (frame.end - lastEnd >= 5000) gaps.push({ start: lastEnd, end: frame.end });

  const fcpTrace = trace.find((e) => e.name === 'firstContentfulPaint' && e.pid === frame.pid && e.ts >= t0);
  const fcpPage = state.paints.find((p) => p.name === 'first-contentful-paint');
  const lcp = state.lcp.filter((e) => e.startTime <= state.contentFramedAt!).at(-1);
  line(
    `  content in the DOM ${state.contentAt!.toFixed(0)} ms, its frame ${state.contentFramedAt!.toFixed(0)} ms; FCP ${fcpPage ? fcpPage.startTime.toFixed(0) : '–'} ms; LCP candidate by then ${lcp ? `${lcp.startTime.toFixed(0)} ms (${lcp.element})` : '–'}`,
  );
  if (fcpTrace && fcpPage)
    line(
      `  (clock check: FCP in the trace − FCP in the page = ${((fcpTrace.ts - t0) / 1000 - fcpPage.startTime).toFixed(1)} ms)`,
    );
  line(
    `  main thread, navigation start → content frame (${ms(window)} ms): busy ${ms(busy)} ms (on a processor ${ms(busyCpu)} ms, the rest waiting for one), idle ${ms(window - busy)} ms`,
  );
  const kindOrder = [
    'scripting',
    'compile',
    'GC',
    'style',
    'layout',
    'paint & composite',
    'HTML parse',
    'other',
  ];
  line(
    '    self times, wall (CPU) ms: ' +
      kindOrder
        .map((kind) => `${kind} ${ms(kinds.get(kind)?.wall ?? 0)} (${ms(kinds.get(kind)?.cpu ?? 0)})`)
        .join(', '),
  );
  line(
    `    style recalculations ${counts.get('UpdateLayoutTree') ?? 0}, layouts ${counts.get('Layout') ?? 0}, minor GCs ${counts.get('MinorGC') ?? 0}, major GCs ${counts.get('MajorGC') ?? 0}; at the content: ${state.styleElements} <style> elements, ${state.cssRules} CSS rules, ${state.domElements} elements; localStorage ${state.localStorageKeys} keys, ${(state.localStorageChars / 1024).toFixed(0)} K characters`,
  );
  line(
    '    largest self times by event, wall (CPU) ms: ' +
      [...selfByName]
        .sort((a, b) => b[1].wall - a[1].wall)
        .slice(0, 12)
        .map(([name, time]) => `${name} ${ms(time.wall)} (${ms(time.cpu)})`)
        .join(', '),
  );

  // Milestones: the page's own timings and the trace's.
  const milestones: [number, string][] = [];
  const nt = state.navigation;
  if (nt.workerStart)
    milestones.push([nt.workerStart, 'service worker starts on the navigation (workerStart)']);
  if (nt.responseStart) milestones.push([nt.responseStart, 'HTML: first byte']);
  if (nt.responseEnd) milestones.push([nt.responseEnd, 'HTML: complete']);
  const relMs = (ts: number) => (ts - t0) / 1000;
  const commit = intervals.find((i) => i.name === 'DocumentLoader::CommitNavigation' && i.end > t0);
  if (commit)
    milestones.push([
      relMs(commit.start),
      `navigation commits in the renderer (${ms(commit.end - commit.start)} ms)`,
    ]);
  const probeEval = intervals.find(
    (i) =>
      i.name === 'EvaluateScript' &&
      !(i.args?.data as Record<string, unknown> | undefined)?.url &&
      i.end > t0,
  );
  if (probeEval)
    milestones.push([
      relMs(probeEval.start),
      `init script (the probe) evaluated (${ms(probeEval.end - probeEval.start)} ms)`,
    ]);
  for (const r of state.resources) {
    if (r.startTime > state.contentFramedAt!) continue;
    const path = shortUrl(r.name);
    if (r.initiatorType === 'fetch' || r.initiatorType === 'xmlhttprequest')
      milestones.push([
        r.startTime,
        `call ${clipText(path, 64)} sent, answered at ${r.responseEnd.toFixed(0)} (${(r.responseEnd - r.startTime).toFixed(0)} ms)`,
      ]);
    else if (/\/index-[^/]*\.js$|-screen-[^/]*\.js$|open-runtime|dexie/i.test(path))
      milestones.push([
        r.startTime,
        `${path} requested (${r.initiatorType}), loaded at ${r.responseEnd.toFixed(0)}`,
      ]);
  }
  const scripts = state.resources.filter(
    (r) => /\.js$/.test(new URL(r.name).pathname) && r.startTime <= state.contentFramedAt!,
  );
  if (scripts.length)
    milestones.push([
      Math.max(...scripts.map((r) => r.responseEnd)),
      `the last of ${scripts.length} scripts loaded`,
    ]);
  for (const i of intervals) {
    if (i.end < t0 || i.start > frame.end) continue;
    const url = String((i.args?.data as Record<string, unknown> | undefined)?.url ?? '');
    if (i.name === 'EvaluateScript' && url)
      milestones.push([relMs(i.start), `script ${shortUrl(url)} evaluated (${ms(i.end - i.start)} ms)`]);
    if (i.name === 'v8.evaluateModule' && i.end - i.start >= 500)
      milestones.push([
        relMs(i.start),
        `module graph evaluated (v8.evaluateModule, ${ms(i.end - i.start)} ms)`,
      ]);
  }
  for (const idb of state.idb)
    if (idb.at <= state.contentFramedAt!)
      milestones.push([
        idb.at,
        `indexedDB.open(${idb.name})${idb.upgradeAt !== null ? `, upgrade at ${idb.upgradeAt.toFixed(0)}` : ''}, opened at ${idb.openedAt?.toFixed(0) ?? '–'}`,
      ]);
  state.commits.forEach((c, index) => milestones.push([c.at, `React commit ${index + 1}`]));
  for (const p of state.paints) milestones.push([p.startTime, p.name]);
  milestones.push([state.contentAt!, 'CONTENT in the DOM']);
  milestones.push([state.contentFramedAt!, 'the frame holding the content produced']);
  line('  milestones (ms from navigation start):');
  for (const [time, text] of milestones.sort((a, b) => a[0] - b[0]))
    line(`    ${padStart(time.toFixed(1), 7)}  ${text}`);

  const workerScripts = trace.filter(
    (e) =>
      e.name === 'EvaluateScript' &&
      e.ts >= t0 &&
      e.ts <= frame.end &&
      /\/(sw|workbox-[^/]*)\.js$/.test(String(e.args?.data?.url ?? '')),
  );
  if (workerScripts.length)
    line(
      `  the service worker's thread: ${workerScripts.map((e) => `${shortUrl(String(e.args!.data!.url))} evaluated at ${ms(e.ts - t0)} in ${ms(e.dur ?? 0)} (${ms(e.tdur ?? 0)}) ms`).join('; ')}`,
    );
  line('  main-thread tasks ≥ 15 ms (start, wall length, CPU; what they ran, wall (CPU) ms):');
  for (const task of topLevel) {
    const length = clipTo(task, frame);
    if (length < 15_000) continue;
    line(
      `    ${padStart(ms(task.start - t0), 7)} ${padStart(ms(length), 6)} ${padStart(ms(cpuIn(task, frame)), 6)}  ${describeTask(task) || task.name}`,
    );
  }
  if (gaps.length) {
    line('  main thread idle ≥ 5 ms (and what was in flight):');
    for (const gap of gaps) {
      const from = relMs(gap.start);
      const to = relMs(gap.end);
      const inFlight = state.resources
        .filter((r) => r.startTime < to && r.responseEnd > from)
        .map((r) => shortUrl(r.name).replace(/\?.*$/, ''));
      if (from < (nt.responseStart ?? 0))
        inFlight.unshift('the navigation (HTML through the service worker)');
      line(
        `    ${padStart(from.toFixed(1), 7)} → ${padStart(to.toFixed(1), 7)} (${(to - from).toFixed(1)} ms): ${inFlight.length ? inFlight.join(', ') : 'nothing in flight'}`,
      );
    }
  }

  // Compile and evaluation of each script on the main thread.
  const perScript = new Map<
    string,
    { compile: number; evaluate: number; first: number; notes: Set<string> }
  >();
  for (const i of intervals) {
    const data = (i.args?.data ?? {}) as Record<string, unknown>;
    const url = String(data.url ?? i.args?.fileName ?? '');
    const compile = i.name === 'v8.compile' || i.name === 'v8.compileModule';
    if (!url || !(compile || i.name === 'EvaluateScript') || clipTo(i, frame) === 0) continue;
    const entry = perScript.get(url) ?? { compile: 0, evaluate: 0, first: i.start, notes: new Set<string>() };
    if (compile) {
      entry.compile += clipTo(i, frame);
      if (data.streamed !== undefined)
        entry.notes.add(
          data.streamed ? 'streamed' : `not streamed (${String(data.notStreamedReason ?? '?')})`,
        );
      if (data.consumedCacheSize !== undefined)
        entry.notes.add(`code cache ${String(data.consumedCacheSize)} B`);
      if (data.cacheRejected) entry.notes.add('code cache rejected');
    } else entry.evaluate += clipTo(i, frame);
    perScript.set(url, entry);
  }
  const evaluations = intervals.filter((i) => i.name === 'v8.evaluateModule' && clipTo(i, frame) > 0);
  const compiles = [...perScript.values()].reduce((sum, e) => sum + e.compile, 0);
  line(
    `  scripts on the main thread: ${perScript.size} compiled in ${ms(compiles)} ms; module graphs evaluated (v8.evaluateModule ≥ 1 ms, wall (CPU) at start): ${evaluations
      .filter((i) => clipTo(i, frame) >= 1000)
      .map((i) => `${ms(clipTo(i, frame))} (${ms(cpuIn(i, frame))}) at ${ms(i.start - t0)}`)
      .join(', ')}`,
  );
  for (const [url, entry] of [...perScript]
    .sort((a, b) => b[1].compile + b[1].evaluate - (a[1].compile + a[1].evaluate))
    .slice(0, 8))
    line(
      `    ${pad(shortUrl(url), 52)} compile ${padStart(ms(entry.compile), 6)}  evaluate ${padStart(ms(entry.evaluate), 6)}  ${[...entry.notes].join(', ')}`,
    );
  return out;
}

/** Time in a CPU profile: wall (the gaps between samples) and the samples (each about one interval of CPU). */
interface Weight {
  wall: number;
  samples: number;
}
const weigh = (map: Map<string, Weight>, key: string, wall: number, samples = 1) => {
  const entry = map.get(key) ?? { wall: 0, samples: 0 };
  entry.wall += wall;
  entry.samples += samples;
  map.set(key, entry);
};
const byWeight = (a: [string, Weight], b: [string, Weight]) => b[1].samples - a[1].samples;

function analyseProfile(run: RunResult): string[] {
  const { profile } = run;
  if (!profile) throw new Error('no CPU profile');
  const out: string[] = [];
  const line = (text = '') => out.push(text);
  const frame = frameOf(run);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times: number[] = [];
  let ts = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((ts += delta));
  const cpu = (w: Weight) => ms(w.samples * samplingIntervalUs);
  const both = (w: Weight) => `${padStart(cpu(w), 6)} ${padStart(ms(w.wall), 6)}`;
  const isTopLevel = (f: CallFrame) =>
    f.url !== '' && f.functionName === '' && f.lineNumber === 0 && f.columnNumber === 0;
  /** The nearest frame with a script address: a native function's caller. */
  const scripted = (id: number | undefined): CallFrame | null => {
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const callFrame = nodes.get(n)!.callFrame;
      if (callFrame.url) return callFrame;
    }
    return null;
  };
  const where = (f: CallFrame) =>
    `${shortUrl(f.url).replace(/ \(.*/, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
  const sourceText = (f: CallFrame) => {
    const source = original(f);
    return source ? `${source.path}:${source.line}${source.name ? ` ${source.name}` : ''}` : '';
  };
  const describe = (f: CallFrame) => {
    const source = sourceText(f);
    return `${f.functionName || '(anonymous)'} ${source || where(f)}`;
  };

  const special = new Map<string, Weight>();
  const functions = new Map<string, { label: string; at: string; source: string; weight: Weight }>();
  const callers = new Map<string, Map<string, Weight>>();
  const byUrl = new Map<string, Weight>();
  const byModule = new Map<string, Weight>();
  const byGroup = new Map<string, Weight>();
  /** Each script's module evaluation: its top level and all it calls. */
  const moduleEval = new Map<string, Weight>();
  /** The entry chunk's evaluation by what its top level calls (or its own code). */
  const entryEval = new Map<string, Weight>();
  const js: Weight = { wall: 0, samples: 0 };
  for (let i = 0; i < profile.samples.length; i++) {
    const time = times[i]!;
    if (time < frame.t0 || time > frame.end) continue;
    const wall = (times[i + 1] ?? time) - time;
    const id = profile.samples[i]!;
    const callFrame = nodes.get(id)!.callFrame;
    if (!callFrame.url && /^\(.*\)$/.test(callFrame.functionName)) {
      weigh(special, callFrame.functionName, wall);
      continue;
    }
    js.wall += wall;
    js.samples++;
    // The function (a native one with its caller), its caller, its script, module and package.
    const native = callFrame.url === '';
    const owner = scripted(id);
    const key = native
      ? `${callFrame.functionName}|${owner ? where(owner) : ''}`
      : `${callFrame.functionName}|${where(callFrame)}`;
    const entry = functions.get(key) ?? {
      label: native
        ? `${callFrame.functionName || '(anonymous)'} (native)`
        : callFrame.functionName || '(anonymous)',
      at: native
        ? owner
          ? `← ${owner.functionName || '(anonymous)'} ${where(owner)}`
          : '(init script: the probe, Playwright)'
        : where(callFrame),
      source: owner ? sourceText(owner) : '',
      weight: { wall: 0, samples: 0 },
    };
    entry.weight.wall += wall;
    entry.weight.samples++;
    functions.set(key, entry);
    const caller = scripted(native ? parent.get(parent.get(id) ?? -1) : parent.get(id));
    const callerMap = callers.get(key) ?? new Map<string, Weight>();
    weigh(callerMap, caller ? describe(caller) : '(none)', wall);
    callers.set(key, callerMap);
    const url = owner?.url ?? '';
    weigh(byUrl, url, wall);
    const source = owner ? original(owner) : null;
    weigh(byModule, source ? source.path : `${shortUrl(url)}${url ? ' (no source map)' : ''}`, wall);
    weigh(byGroup, source ? groupOf(source.path) : shortUrl(url), wall);
    // Module evaluation: the innermost top level of a script on the stack.
    let below: CallFrame | null = null;
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = nodes.get(n)!.callFrame;
      if (isTopLevel(f)) {
        weigh(moduleEval, f.url, wall);
        if (/\/index-[^/]*\.js$/.test(f.url)) {
          const mapped = below ? original(below) : null;
          weigh(
            entryEval,
            below
              ? mapped
                ? `${mapped.path}${below.functionName ? ` (${mapped.name ?? below.functionName})` : ''}`
                : `${below.functionName || '(anonymous)'} ${where(below)}`
              : '(its own top-level code)',
            wall,
          );
        }
        break;
      }
      below = f;
    }
  }
  const window = frame.end - frame.t0;
  line(
    `  CPU profile (${samplingIntervalUs} µs samples), navigation start → content frame (${ms(window)} ms; content in the DOM ${run.state.contentAt!.toFixed(0)} ms)`,
  );
  line(
    `    in ms, CPU (samples × ${samplingIntervalUs} µs) and wall (the time to the next sample): JavaScript ${cpu(js)} / ${ms(js.wall)}, ` +
      [...special]
        .sort(byWeight)
        .map(([name, w]) => `${name} ${cpu(w)} / ${ms(w.wall)}`)
        .join(', '),
  );
  line(`  top ${TOP_FUNCTIONS} functions by self time (CPU ms, wall ms; the caller most often):`);
  for (const [key, entry] of [...functions]
    .sort((a, b) => b[1].weight.samples - a[1].weight.samples)
    .slice(0, TOP_FUNCTIONS)) {
    const [caller] = [...callers.get(key)!].sort(byWeight);
    line(
      `    ${both(entry.weight)}  ${pad(clipText(entry.label, 26), 26)} ${pad(entry.at, 44)} ${entry.source}` +
        (caller ? `  ← ${caller[0]}` : ''),
    );
  }
  line("  self time by script, a native function's with its caller's (CPU ms, wall ms):");
  for (const [url, w] of [...byUrl].sort(byWeight).slice(0, 15)) line(`    ${both(w)}  ${shortUrl(url)}`);
  line('  module evaluation by script: its top level and all it calls (CPU ms, wall ms):');
  for (const [url, w] of [...moduleEval].sort(byWeight).slice(0, 8)) line(`    ${both(w)}  ${shortUrl(url)}`);
  if (entryEval.size) {
    line("    the entry chunk's, by what its top level calls (the source module when mapped):");
    for (const [key, w] of [...entryEval].sort(byWeight).slice(0, 15)) line(`      ${both(w)}  ${key}`);
  }
  if ([...maps.values()].some((map) => map !== null)) {
    line('  self time by package or src folder (source maps; CPU ms, wall ms):');
    for (const [group, w] of [...byGroup].sort(byWeight).slice(0, 20)) line(`    ${both(w)}  ${group}`);
    line('  self time by source module (source maps; CPU ms, wall ms):');
    for (const [module, w] of [...byModule].sort(byWeight).slice(0, 25)) line(`    ${both(w)}  ${module}`);
  }
  return out;
}

function censusReport(state: ProbeState): string[] {
  const out = [
    `  React commits before the content (census run, content at ${state.contentAt!.toFixed(0)} ms): ${state.commits.length}`,
  ];
  const counts = new Map<string, number>();
  for (const commit of state.commits) {
    const roots = (commit.roots ?? [])
      .map((r) => `${r.name}${r.source ? ` (${r.source})` : ''} ${r.size}`)
      .join(', ');
    out.push(
      `    ${padStart(commit.at.toFixed(0), 6)} ms: ${padStart(String(commit.rendered), 4)} components rendered, from ${commit.rootCount} place(s): ${roots}`,
    );
    for (const name of new Set(commit.names ?? [])) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const repeated = [...counts]
    .filter(([name, n]) => n > 1 && name.length > 2)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20);
  if (repeated.length)
    out.push(
      `    named components rendered in more than one commit: ${repeated.map(([name, n]) => `${name}×${n}`).join(', ')}`,
    );
  return out;
}

/** An analysis, or the reason it failed (the other runs are still reported). */
function attempt(analysis: () => string[]): string[] {
  try {
    return analysis();
  } catch (error) {
    return [`  (not analysed: ${error instanceof Error ? error.message : String(error)})`];
  }
}

// --- main ------------------------------------------------------------------------------------------
const loadAtStart = loadavg()[0]!;
let tempBuild: string | null = null;
if (argv.includes('--sourcemap')) {
  tempBuild = mkdtempSync(join(tmpdir(), 'cdn-profile-build-'));
  staticDir = join(tempBuild, 'dist');
  console.log(`Building the console with hidden source maps into ${staticDir}…`);
  await build({ logLevel: 'warn', build: { sourcemap: 'hidden', outDir: staticDir, emptyOutDir: true } });
} else if (option('--static')) {
  staticDir = option('--static')!;
} else if (!existsSync('dist/index.html')) {
  console.log('No dist/: building the console…');
  const r = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-profile-'));
if (staticDir === 'dist') {
  // A copy: a build of dist/ during the runs changes nothing of what is served.
  cpSync('dist', join(dataDir, 'static'), { recursive: true });
  staticDir = join(dataDir, 'static');
}
const served = tempBuild
  ? 'a build of the working tree with hidden source maps'
  : (option('--static') ?? 'dist/');
const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR: staticDir, DEMO: '1', DATABASE_URL: '' });
serverOrigin = server.url;
const report: string[] = [];
let profile: Awaited<ReturnType<typeof visitedContext>> | null = null;
try {
  profile = await visitedContext(server.url);
  const { context } = profile;
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  for (const screen of screens) {
    report.push('', `== ${screen.name} (${screen.hash}, content: ${screen.marker})`);
    const plain: number[] = [];
    const framed: number[] = [];
    for (let i = 0; i < PLAIN_RUNS; i++) {
      const { state } = await visit(context, server.url, screen, 'plain');
      plain.push(state.contentAt!);
      framed.push(state.contentFramedAt!);
    }
    report.push(
      `  without instrumentation (${PLAIN_RUNS} runs): content in the DOM median ${percentile(plain, 50).toFixed(0)} ms (${plain.map((t) => t.toFixed(0)).join(', ')}), its frame median ${percentile(framed, 50).toFixed(0)} ms`,
    );
    const census = await visit(context, server.url, screen, 'census');
    report.push(...censusReport(census.state));
    for (let i = 0; i < PROFILED_RUNS; i++) {
      const base = saveDir ? join(saveDir, `${screen.name.replace(/\W+/g, '-')}-${i + 1}`) : null;
      const traced = await visit(context, server.url, screen, 'traced');
      report.push(`  -- traced run ${i + 1}/${PROFILED_RUNS} (devtools.timeline, v8)`);
      if (base) writeFileSync(`${base}.trace.json`, JSON.stringify({ traceEvents: traced.trace }));
      report.push(...attempt(() => analyseTrace(traced)));
      const profiled = await visit(context, server.url, screen, 'profiled');
      report.push(`  -- profiled run ${i + 1}/${PROFILED_RUNS} (CPU profile)`);
      if (base) writeFileSync(`${base}.cpuprofile`, JSON.stringify(profiled.profile));
      report.push(...attempt(() => analyseProfile(profiled)));
    }
  }
} finally {
  await profile?.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (tempBuild) rmSync(tempBuild, { recursive: true, force: true });
}

console.log(
  `\nMain-thread time before the content, warm visits (service worker installed${keepWorker ? ' and running' : ', stopped before each run'}), Chromium ${viewport.width}×${viewport.height}, serving ${served}`,
);
console.log(
  `  ${availableParallelism()} processors; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end; traced and profiled runs are slowed by their instrumentation`,
);
for (const text of report) console.log(text);
