import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildCsv,
  csvField,
  csvFileName,
  domainCsv,
  downloadText,
  exportSlice,
  type ExportTexts,
} from '../../../../src/features/domain/list/export-csv';
import { toRows } from '../../../../src/features/domain/rows';
import { domainEntry, group, origin, settled, uuid } from './list-fixtures';

const bom = '\uFEFF';

describe('exportSlice', () => {
  it('takes every row up to 2000, and only the first 2000 beyond', () => {
    const rows = Array.from({ length: 2001 }, (_, i) => i);
    expect(exportSlice(rows.slice(0, 2000))).toEqual({ rows: rows.slice(0, 2000), truncated: false });
    const over = exportSlice(rows);
    expect(over.truncated).toBe(true);
    expect(over.rows).toHaveLength(2000);
    expect(over.rows.at(-1)).toBe(1999);
    expect(exportSlice([])).toEqual({ rows: [], truncated: false });
  });
});

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['中国内地', '中国内地'],
    // A spreadsheet would run these as formulas.
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['+1', "'+1"],
    ['@sum', "'@sum"],
    ['-2', "'-2"],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('buildCsv', () => {
  it('starts with a UTF-8 byte order mark and ends lines with CRLF', () => {
    const csv = buildCsv(['域名', 'Status'], [['www.example.com', '已启动']]);
    expect(csv).toBe(`${bom}域名,Status\r\nwww.example.com,已启动\r\n`);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe('csvFileName', () => {
  it('names the file by the local date and time', () => {
    expect(csvFileName(new Date(2026, 0, 5, 9, 7, 3))).toBe('domains-20260105-090703.csv');
  });
});

describe('domainCsv', () => {
  const texts: ExportTexts = {
    columns: {
      domain: '域名',
      primaryOrigin: '主源站',
      type: '服务类型',
      area: '加速区域',
      status: '状态',
      cname: 'CNAME',
      group: '分组',
      createdAt: '创建时间',
    },
    status: (s) => ({ active: '已启动', hung_up: '已挂起', deleted: '已删除' })[s],
    type: (code) => (code === 'web' ? '网页加速' : code),
    area: (code) => (code === '3' ? '全球（不含中国内地）' : code),
    noGroup: '未分组',
    moreOrigins: (n) => `等 ${n} 个`,
    time: (ms) => new Date(ms).toISOString(),
  };

  it('writes the visible columns in the current language, one line per row', () => {
    const g = uuid(1, 'a');
    const rows = toRows(
      [
        domainEntry(uuid(1), {
          domain: 'www.example.com',
          area: '3',
          group_id: g,
          origins: [origin('192.0.2.1'), origin('192.0.2.2'), origin('b.example.com', 20)],
          created_at: '2026-01-10T08:00:00.000Z',
        }),
        domainEntry(uuid(2), { domain: 'img.example.com', status: 'hung_up', cname: '' }),
      ].map(settled),
      [group(g, 'Shop, main')],
    );
    const lines = domainCsv(rows, texts).slice(1).split('\r\n');
    expect(lines).toEqual([
      '域名,主源站,服务类型,加速区域,状态,CNAME,分组,创建时间',
      'www.example.com,192.0.2.1 等 2 个,网页加速,全球（不含中国内地）,已启动,www.example.com.cdn.example.net,"Shop, main",2026-01-10T08:00:00.000Z',
      'img.example.com,192.0.2.1,网页加速,1,已挂起,,未分组,2026-01-10T08:00:00.000Z',
      '',
    ]);
  });
});

describe('downloadText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a Blob through an object URL and a link with the file name', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    downloadText('domains-20260105-090703.csv', `${bom}a,b\r\n`);
    expect(clicked).toEqual([{ href: 'blob:test', download: 'domains-20260105-090703.csv' }]);
    expect(created[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
