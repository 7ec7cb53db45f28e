/**
 * The boundary table of spec §5's domain, origin and copy-configuration rules, shared by the
 * browser's validators (tests/unit/contract/domain-rules.test.ts) and the server
 * (tests/integration/server/domain-rules.test.ts): one input, one expected message id (or null:
 * valid), so that both sides are held to the same answer.
 */
import type { OriginInput } from '../../src/contract/rules/domain';

export interface RuleRow<I> {
  name: string;
  input: I;
  /** The message id the rules answer, or null when the input is valid. */
  expect: string | null;
  /** Where the message sits: `domain`, `origins`, `origins.<i>.<field>`, or a target's index. */
  path?: string;
}

/**
 * A name of exactly `n` characters made of valid labels (at most 63 characters each, of `letter`)
 * and ending in `.com`.
 */
export function nameOfLength(n: number, letter = 'a'): string {
  const labels: string[] = [];
  // Each label takes its characters and the dot after it; `com` takes 3.
  let left = n - 3;
  while (left > 0) {
    let chunk = Math.min(64, left);
    if (left - chunk === 1) chunk -= 1;
    labels.push(letter.repeat(chunk - 1));
    left -= chunk;
  }
  const name = `${labels.join('.')}.com`;
  if (name.length !== n) throw new Error(`nameOfLength(${n}) gave ${name.length}`);
  return name;
}

// ---- service domain (spec §5 "Domain") --------------------------------------------------

export const domainNameRows: RuleRow<string>[] = [
  { name: 'a plain domain', input: 'www.rules-table.com', expect: null },
  { name: '99 characters', input: nameOfLength(99), expect: null },
  { name: '100 characters (the maximum)', input: nameOfLength(100, 'c'), expect: null },
  { name: '101 characters', input: nameOfLength(101, 'd'), expect: 'domain.name.tooLong' },
  { name: 'empty', input: '', expect: 'domain.name.required' },
  { name: 'blank', input: '   ', expect: 'domain.name.required' },
  { name: 'uppercase letters', input: 'WWW.Rules-Table.com', expect: 'domain.name.chars' },
  { name: 'a space inside', input: 'www.rules table.com', expect: 'domain.name.chars' },
  { name: 'illegal characters', input: 'www.rules$table.com', expect: 'domain.name.chars' },
  { name: 'a Chinese label', input: '中文.rules-table.com', expect: 'domain.name.chars' },
  { name: 'a wildcard not at the start', input: 'www.*.rules-table.com', expect: 'domain.name.chars' },
  { name: 'a hyphen starting a label', input: '-www.rules-table.com', expect: 'domain.name.hyphen' },
  { name: 'a hyphen ending a label', input: 'www-.rules-table.com', expect: 'domain.name.hyphen' },
  { name: 'a hyphen ending an inner label', input: 'www.rules-table-.com', expect: 'domain.name.hyphen' },
  { name: 'hyphens inside labels', input: 'w-w-w.rules-table.com', expect: null },
  { name: 'an underscore', input: 'w_w.rules-table.com', expect: null },
  { name: 'a wildcard domain', input: '*.wild.rules-table.com', expect: null },
  {
    name: 'a wildcard with a hyphen ending a label',
    input: '*.-wild.rules-table.com',
    expect: 'domain.name.hyphen',
  },
  { name: 'a single label', input: 'localhost', expect: 'domain.name.format' },
  { name: 'an empty label', input: 'www..rules-table.com', expect: 'domain.name.format' },
];

// ---- origins (spec §3 "Origin (new style)", §5 "Origins") ---------------------------------

/** A valid IP origin, primary (level 10), changed by `change`. */
export function origin(change: Partial<OriginInput> = {}): OriginInput {
  return {
    type: 'ip',
    address: '192.0.2.10',
    port: 80,
    host: '',
    protocol: 'http',
    level: 10,
    weight: 10,
    carrier: 'default',
    ip_type: 'all',
    region: 'all',
    sm_crypto: false,
    header_match: '',
    url_match: '',
    ...change,
  };
}

/** The back-to-origin host (spec §5: IPv4 or a domain of at most 1024 characters; empty: the service domain). */
export const hostRows: RuleRow<string>[] = [
  { name: 'host empty (the service domain)', input: '', expect: null },
  { name: 'host IPv4', input: '192.0.2.1', expect: null },
  { name: 'host IPv6', input: '2001:db8::1', expect: 'domain.origin.host' },
  { name: 'host a domain', input: 'origin-host.example.com', expect: null },
  { name: 'host a domain of 1024 characters', input: nameOfLength(1024, 'h'), expect: null },
  { name: 'host a domain of 1025 characters', input: nameOfLength(1025, 'h'), expect: 'domain.origin.host' },
  { name: 'host not a domain', input: 'not a host', expect: 'domain.origin.host' },
  { name: 'host with a scheme', input: 'http://origin.example.com', expect: 'domain.origin.host' },
];

const at = (i: number, field: string) => `origins.${i}.${field}`;

export const originRows: RuleRow<OriginInput[]>[] = [
  { name: 'one IP origin', input: [origin()], expect: null },
  { name: 'no origin', input: [], expect: 'domain.origin.none', path: 'origins' },
  {
    name: '21 origins (at most 20)',
    input: Array.from({ length: 21 }, (_, i) => origin({ address: `192.0.2.${i + 1}` })),
    expect: 'domain.origin.tooMany',
    path: 'origins',
  },
  {
    name: '20 origins',
    input: Array.from({ length: 20 }, (_, i) => origin({ address: `192.0.2.${i + 1}` })),
    expect: null,
  },
  {
    name: 'address empty',
    input: [origin({ address: '' })],
    expect: 'domain.origin.required',
    path: at(0, 'address'),
  },
  {
    name: 'address blank',
    input: [origin({ address: '  ' })],
    expect: 'domain.origin.required',
    path: at(0, 'address'),
  },
  {
    name: 'IP address malformed',
    input: [origin({ address: '192.0.2.256' })],
    expect: 'domain.origin.ipFormat',
    path: at(0, 'address'),
  },
  { name: 'IPv6 origin', input: [origin({ address: '2001:db8::10' })], expect: null },
  {
    name: 'domain origin',
    input: [origin({ type: 'domain', address: 'origin.example.com' })],
    expect: null,
  },
  {
    name: 'domain origin malformed',
    input: [origin({ type: 'domain', address: 'origin_example' })],
    expect: 'domain.origin.domainFormat',
    path: at(0, 'address'),
  },
  {
    name: 'duplicate address at one level',
    input: [origin(), origin()],
    expect: 'domain.origin.duplicate',
    path: at(1, 'address'),
  },
  {
    name: 'duplicate address written in another case (domain)',
    input: [
      origin({ type: 'domain', address: 'origin.example.com' }),
      origin({ type: 'domain', address: 'ORIGIN.example.com', level: 11 }),
      origin({ address: '192.0.2.99', level: 12 }),
    ],
    expect: 'domain.origin.backupSameAsPrimary',
    path: at(1, 'address'),
  },
  {
    name: 'backup same as primary',
    input: [origin(), origin({ level: 11 })],
    expect: 'domain.origin.backupSameAsPrimary',
    path: at(1, 'address'),
  },
  {
    name: 'two backups with one address',
    input: [
      origin(),
      origin({ address: '192.0.2.20', level: 11 }),
      origin({ address: '192.0.2.20', level: 12 }),
    ],
    expect: 'domain.origin.duplicate',
    path: at(2, 'address'),
  },
  {
    name: 'backup differs from primary',
    input: [origin(), origin({ address: '192.0.2.11', level: 11 })],
    expect: null,
  },
  {
    name: 'domain origin and a second origin at the same level',
    input: [origin({ type: 'domain', address: 'origin.example.com' }), origin()],
    expect: 'domain.origin.domainSingle',
    path: at(0, 'type'),
  },
  {
    name: 'two domain origins at the same level',
    input: [
      origin({ type: 'domain', address: 'a.example.com' }),
      origin({ type: 'domain', address: 'b.example.com' }),
    ],
    expect: 'domain.origin.domainSingle',
    path: at(1, 'type'),
  },
  {
    name: 'domain origin primary, IP backup (other levels)',
    input: [origin({ type: 'domain', address: 'origin.example.com' }), origin({ level: 11 })],
    expect: null,
  },
  {
    name: 'several IP origins at one level',
    input: [origin(), origin({ address: '192.0.2.11' }), origin({ address: '198.51.100.1' })],
    expect: null,
  },
  {
    name: 'no origin with the default carrier',
    input: [origin({ carrier: 'telecom' }), origin({ address: '192.0.2.11', carrier: 'unicom' })],
    expect: 'domain.origin.defaultCarrier',
    path: 'origins',
  },
  {
    name: 'one default carrier among others',
    input: [origin({ carrier: 'mobile' }), origin({ address: '192.0.2.11' })],
    expect: null,
  },
  { name: 'port 0', input: [origin({ port: 0 })], expect: 'domain.origin.port', path: at(0, 'port') },
  { name: 'port 1', input: [origin({ port: 1 })], expect: null },
  { name: 'port 65535', input: [origin({ port: 65535 })], expect: null },
  { name: 'port 65536', input: [origin({ port: 65536 })], expect: 'domain.origin.port', path: at(0, 'port') },
  {
    name: 'port not an integer',
    input: [origin({ port: 80.5 })],
    expect: 'domain.origin.port',
    path: at(0, 'port'),
  },
  {
    name: 'port negative',
    input: [origin({ port: -80 })],
    expect: 'domain.origin.port',
    path: at(0, 'port'),
  },
  { name: 'level 9', input: [origin({ level: 9 })], expect: 'domain.origin.level', path: at(0, 'level') },
  { name: 'level 10', input: [origin({ level: 10 })], expect: null },
  { name: 'level 20', input: [origin({ level: 20 })], expect: null },
  { name: 'level 21', input: [origin({ level: 21 })], expect: 'domain.origin.level', path: at(0, 'level') },
  {
    name: 'level not an integer',
    input: [origin({ level: 10.5 })],
    expect: 'domain.origin.level',
    path: at(0, 'level'),
  },
  { name: 'weight 0', input: [origin({ weight: 0 })], expect: 'domain.origin.weight', path: at(0, 'weight') },
  { name: 'weight 1', input: [origin({ weight: 1 })], expect: null },
  { name: 'weight 100', input: [origin({ weight: 100 })], expect: null },
  {
    name: 'weight 101',
    input: [origin({ weight: 101 })],
    expect: 'domain.origin.weight',
    path: at(0, 'weight'),
  },
  {
    name: 'weight not an integer',
    input: [origin({ weight: 1.5 })],
    expect: 'domain.origin.weight',
    path: at(0, 'weight'),
  },
  {
    name: 'request-header match of 200 characters',
    input: [origin({ header_match: 'h'.repeat(200) })],
    expect: null,
  },
  {
    name: 'URL match of 201 characters',
    input: [origin({ url_match: 'u'.repeat(201) })],
    expect: 'domain.origin.matchTooLong',
    path: at(0, 'url_match'),
  },
  ...hostRows.map((row) => ({
    name: row.name,
    input: [origin({ host: row.input })],
    expect: row.expect,
    ...(row.expect ? { path: at(0, 'host') } : {}),
  })),
];

// ---- copy configuration (spec §5 "Copy configuration") ----------------------------------

const targets = (n: number, prefix = 'copy') =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}.rules-table.com`);

/**
 * The target names of one copy: at least one, at most 10 (spec §5: one message of the original
 * says 50, its text and §9 say 10; 10 is the rule), no duplicates, each a valid service domain.
 */
export const copyTargetRows: RuleRow<string[]>[] = [
  { name: 'no target', input: [], expect: 'domain.copy.targetsRequired' },
  { name: '1 target', input: targets(1, 'one'), expect: null },
  { name: '10 targets (the maximum)', input: targets(10, 'ten'), expect: null },
  { name: '11 targets', input: targets(11, 'eleven'), expect: 'domain.copy.targetsMax' },
  {
    name: 'a duplicate target',
    input: ['dup-a.rules-table.com', 'dup-b.rules-table.com', 'dup-a.rules-table.com'],
    expect: 'domain.name.duplicate',
    path: '2',
  },
  {
    name: 'a target breaking the name rules',
    input: ['ok.rules-table.com', 'Bad.rules-table.com'],
    expect: 'domain.name.chars',
    path: '1',
  },
];
