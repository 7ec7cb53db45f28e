import { describe, expect, it } from 'vitest';
import { domainCreatePayload, type DomainEntry } from '../../../../src/contract/domain';
import { outcomeOf, serverIssuesOf } from '../../../../src/features/domain/create/outcome';
import {
  createPayload,
  emptyCreateDraft,
  touchKey,
  validateCreate,
  visibleIssues,
  type CreateDraft,
} from '../../../../src/features/domain/create/validate';
import { emptyOrigin } from '../../../../src/features/domain/form/drafts';
import type { DomainData } from '../../../../src/features/domain/use-domains';
import type { OutboxEntry, OutboxFields, StoredCommand } from '../../../../src/store';
import { storedEntry } from '../../../support/outbox';

const filled = (change: Partial<CreateDraft> = {}): CreateDraft => {
  const draft = emptyCreateDraft();
  return {
    ...draft,
    domain: 'www.example.com',
    origins: [{ ...emptyOrigin(), address: '192.0.2.10' }],
    ...change,
  };
};

describe('validateCreate', () => {
  it('asks for the domain and the origin address of an empty form', () => {
    expect(validateCreate(emptyCreateDraft())).toEqual([
      { path: 'domain', message_id: 'domain.name.required' },
      { path: 'origins.0.address', message_id: 'domain.origin.required' },
    ]);
  });

  it('accepts a filled-in form', () => {
    expect(validateCreate(filled())).toEqual([]);
  });

  it('refuses a name that a domain of the account already has, also when typed with blanks around it', () => {
    const taken = new Set(['www.example.com']);
    expect(validateCreate(filled({ domain: ' www.example.com ' }), taken)).toEqual([
      { path: 'domain', message_id: 'domain.name.exists' },
    ]);
    expect(validateCreate(filled({ domain: 'img.example.com' }), taken)).toEqual([]);
  });

  it('says the name rule before the name is compared with those in use', () => {
    expect(validateCreate(filled({ domain: 'WWW.example.com' }), new Set(['WWW.example.com']))).toEqual([
      { path: 'domain', message_id: 'domain.name.chars' },
    ]);
  });

  it('checks the origins as typed (text), field by field', () => {
    const origins = [
      { ...emptyOrigin(), address: '192.0.2.10', port: '8o' },
      { ...emptyOrigin(), address: '192.0.2.10', level: '11', weight: '' },
    ];
    expect(validateCreate(filled({ origins }))).toEqual([
      { path: 'origins.0.port', message_id: 'domain.origin.port' },
      { path: 'origins.1.address', message_id: 'domain.origin.backupSameAsPrimary' },
      { path: 'origins.1.weight', message_id: 'domain.origin.weight' },
    ]);
  });
});

describe('createPayload', () => {
  it('sends the trimmed name and addresses, numbers as numbers, no group as null: a valid payload', () => {
    const id = '5d0c8a43-8b3e-4a57-9b44-0c4f3c7c2d11';
    const draft = filled({
      domain: ' *.example.com ',
      basic: { service_type: 'download', area: '2', business_type: 'large_file' },
      origins: [
        {
          ...emptyOrigin(),
          address: ' 192.0.2.10 ',
          port: '8080',
          level: '12',
          weight: '5',
          host: ' h.example.com ',
        },
      ],
    });
    const payload = createPayload(draft, id);
    expect(payload).toEqual({
      id,
      domain: '*.example.com',
      service_type: 'download',
      area: '2',
      business_type: 'large_file',
      group_id: null,
      origins: [
        {
          type: 'ip',
          address: '192.0.2.10',
          port: 8080,
          host: 'h.example.com',
          protocol: 'http',
          level: 12,
          weight: 5,
          carrier: 'default',
          ip_type: 'all',
          region: 'all',
          sm_crypto: false,
          header_match: '',
          url_match: '',
        },
      ],
    });
    expect(domainCreatePayload.safeParse(payload).success).toBe(true);
    const grouped = createPayload({ ...draft, group_id: '7c1b1f8e-2a55-4d8e-8f0f-1f2e3d4c5b6a' }, id);
    expect(grouped.group_id).toBe('7c1b1f8e-2a55-4d8e-8f0f-1f2e3d4c5b6a');
  });
});

describe('which issues show', () => {
  const draft = (): CreateDraft => ({
    ...emptyCreateDraft(),
    origins: [
      emptyOrigin(),
      { ...emptyOrigin(), address: '192.0.2.1' },
      { ...emptyOrigin(), address: '192.0.2.1' },
    ],
  });

  it('none before a field is left; all once submitted', () => {
    const d = draft();
    const issues = validateCreate(d);
    expect(issues.length).toBeGreaterThan(0);
    expect(visibleIssues(issues, d.origins, new Set(), false)).toEqual([]);
    expect(visibleIssues(issues, d.origins, new Set(), true)).toEqual(issues);
  });

  it('those of the fields left, live from then on', () => {
    const d = draft();
    const issues = validateCreate(d);
    const touched = new Set([touchKey('domain', d.origins), touchKey('origins.0.address', d.origins)]);
    expect(visibleIssues(issues, d.origins, touched, false)).toEqual([
      { path: 'domain', message_id: 'domain.name.required' },
      { path: 'origins.0.address', message_id: 'domain.origin.required' },
    ]);
  });

  it('a rule across rows on a row once any of its fields was left', () => {
    const d = draft();
    const issues = validateCreate(d);
    const touched = new Set([touchKey('origins.2.port', d.origins)]);
    expect(visibleIssues(issues, d.origins, touched, false)).toEqual([
      { path: 'origins.2.address', message_id: 'domain.origin.duplicate' },
    ]);
  });

  it('follows a row when a row above it is removed', () => {
    const d = draft();
    const touched = new Set([touchKey('origins.2.address', d.origins)]);
    const origins = d.origins.slice(1);
    const issues = validateCreate({ ...d, origins });
    expect(visibleIssues(issues, origins, touched, false)).toEqual([
      { path: 'origins.1.address', message_id: 'domain.origin.duplicate' },
    ]);
  });

  it('a problem of the whole list once an origin field was left', () => {
    const d = {
      ...filled(),
      origins: [{ ...emptyOrigin(), address: '192.0.2.1', carrier: 'telecom' as const }],
    };
    const issues = validateCreate(d);
    expect(visibleIssues(issues, d.origins, new Set(['domain']), false)).toEqual([]);
    const touched = new Set([touchKey('origins.0.carrier', d.origins)]);
    expect(visibleIssues(issues, d.origins, touched, false)).toEqual([
      { path: 'origins', message_id: 'domain.origin.defaultCarrier' },
    ]);
  });
});

describe('outcomeOf: what became of a creation', () => {
  const id = '5d0c8a43-8b3e-4a57-9b44-0c4f3c7c2d11';
  const command = (change: Partial<OutboxFields & StoredCommand> = {}): OutboxEntry =>
    storedEntry({
      seq: 1,
      key: 'c:1',
      actorId: 1,
      accountId: 1,
      name: 'domain.create',
      kind: 'domain',
      aggregateId: id,
      baseVersion: 0,
      schemaVersion: 1,
      payload: {},
      state: 'queued',
      attempts: 0,
      createdAt: 0,
      madeOffline: false,
      ...change,
    });
  const entry = { id, domain: 'www.example.com', cname: 'www-example-com.cdn.test' } as DomainEntry;
  const data = (item: { server?: DomainEntry; pending?: OutboxEntry[] } | null): DomainData => ({
    rows: [],
    groups: [],
    outbox: [],
    read: undefined,
    projected: new Map(
      item
        ? [
            [
              id,
              {
                id,
                state: item.server,
                server: item.server,
                version: item.server ? 1 : 0,
                fetchedAt: null,
                pending: item.pending ?? [],
              },
            ],
          ]
        : [],
    ),
  });

  it('loading until the store answers', () => {
    expect(outcomeOf(undefined, id, true)).toEqual({ kind: 'loading' });
  });

  it('queued: being sent online, kept on the device offline', () => {
    expect(outcomeOf(data({ pending: [command()] }), id, true)).toEqual({ kind: 'sending' });
    expect(outcomeOf(data({ pending: [command()] }), id, false)).toEqual({ kind: 'offline' });
  });

  it('created once the server holds it, with its CNAME', () => {
    expect(outcomeOf(data({ server: entry }), id, true)).toEqual({ kind: 'created', entry });
  });

  it('refused with the server’s answer', () => {
    const error = { code: 40905, msg: 'This domain has already been added to CDN', data: {} };
    const refused = command({ state: 'rejected', error });
    expect(outcomeOf(data({ pending: [refused] }), id, true)).toEqual({
      kind: 'refused',
      entry: refused,
      error,
    });
  });

  it('gone when discarded before the server applied it', () => {
    expect(outcomeOf(data(null), id, true)).toEqual({ kind: 'gone' });
  });

  it('reads the field issues of a refusal', () => {
    expect(
      serverIssuesOf({
        code: 40001,
        msg: 'x',
        data: { issues: [{ path: 'domain', message_id: 'domain.name.exists' }, { path: 3 }, 'junk'] },
      }),
    ).toEqual([{ path: 'domain', message_id: 'domain.name.exists' }]);
    expect(serverIssuesOf(undefined)).toEqual([]);
  });
});
