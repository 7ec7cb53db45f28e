import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../../src/app/menu/build-menu';
import { menuDefinitions } from '../../../src/contract';
import type { MenuItem } from '../../../src/contract';

const item = (menu_id: number, name: string, parent_id: number, path: string): MenuItem => ({
  menu_id,
  name,
  parent_id,
  path,
});

describe('buildMenu (spec §2 menu rules)', () => {
  it('drops top-level items without children', () => {
    const menu = buildMenu([
      item(100, 'overview', 0, '/cdn/dashboard'),
      item(500, 'log', 0, '/cdn/log'),
      item(501, 'log', 500, '/cdn/log'),
    ]);
    expect(menu.map((n) => n.name)).toEqual(['log']);
  });

  it('turns a group whose first child has the group path into a single item', () => {
    const [node] = buildMenu([item(300, 'cert', 0, '/cdn/cert'), item(301, 'cert', 300, '/cdn/cert')]);
    expect(node).toEqual({ id: 301, name: 'cert', path: '/cdn/cert', children: [] });
  });

  it('keeps a group whose first child has another path, with its children in order', () => {
    const [node] = buildMenu([
      item(700, 'tools', 0, '/cdn/utils'),
      item(701, 'ip_query', 700, '/cdn/utils/ipinquiry'),
      item(702, 'ip_ban', 700, '/cdn/ip-ban'),
    ]);
    expect(node?.name).toBe('tools');
    expect(node?.children.map((c) => c.path)).toEqual(['/cdn/utils/ipinquiry', '/cdn/ip-ban']);
  });

  it('only looks at the first child to decide', () => {
    const [node] = buildMenu([
      item(900, 'resource', 0, '/cdn/resource'),
      item(901, 'traffic_package', 900, '/cdn/traffic-package'),
      item(902, 'alarm_resource', 900, '/cdn/resource'),
    ]);
    expect(node?.children).toHaveLength(2);
  });

  it('ignores children whose group was not granted', () => {
    expect(buildMenu([item(201, 'domain_list', 200, '/cdn/domain/list')])).toEqual([]);
  });

  it('builds the full contract menu: single items for overview, cert, log, content, alarm', () => {
    const menu = buildMenu(
      menuDefinitions.map(({ menu_id, name, parent_id, path }) => ({ menu_id, name, parent_id, path })),
    );
    expect(menu.map((n) => `${n.name}:${n.children.length}`)).toEqual([
      'overview:0',
      'domain:1',
      'cert:0',
      'statistics:10',
      'log:0',
      'content:0',
      'tools:2',
      'alarm:0',
      'resource:3',
      'user:3',
    ]);
  });

  it('is empty for an empty menu', () => {
    expect(buildMenu([])).toEqual([]);
  });
});
