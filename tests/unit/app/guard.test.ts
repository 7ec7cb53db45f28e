import { describe, expect, it } from 'vitest';
import { allowed, firstGrantedRoute, guardRedirect } from '../../../src/app/guard';
import type { MenuItem } from '../../../src/contract';

const item = (menu_id: number, name: string, parent_id: number, path: string): MenuItem => ({
  menu_id,
  name,
  parent_id,
  path,
});

const menu: MenuItem[] = [
  item(100, 'overview', 0, '/cdn/dashboard'),
  item(101, 'overview', 100, '/cdn/dashboard'),
  item(200, 'domain', 0, '/cdn/domain'),
  item(201, 'domain_list', 200, '/cdn/domain/list'),
  item(400, 'statistics', 0, '/cdn/count'),
  item(401, 'statistics_basic', 400, '/cdn/statistics'),
];
const granted = menu.map((m) => m.path);

describe('allowed (spec §2, §6)', () => {
  it('always opens help, suggestion and user detail', () => {
    expect(allowed('/cdn/help', [])).toBe(true);
    expect(allowed('/cdn/suggestion', [])).toBe(true);
    expect(allowed('/cdn/user/detail/12', [])).toBe(true);
  });

  it('needs the menu path for every other route', () => {
    expect(allowed('/cdn/dashboard', granted)).toBe(true);
    expect(allowed('/cdn/cert', granted)).toBe(false);
    expect(allowed('/cdn/file-sync', granted)).toBe(false);
    expect(allowed('/cdn/dashboard', [])).toBe(false);
  });

  it('grants domain screens through the domain list and statistics views through basic statistics', () => {
    expect(allowed('/cdn/domain/create', granted)).toBe(true);
    expect(allowed('/cdn/domain/copy/3', granted)).toBe(true);
    expect(allowed('/cdn/statistics/flow', granted)).toBe(true);
    expect(allowed('/cdn/user/create', granted)).toBe(false);
    expect(allowed('/cdn/user/create', ['/cdn/user/list'])).toBe(true);
  });
});

describe('guardRedirect', () => {
  const open = { serviceOpen: true, menu };

  it('lets a granted route render', () => {
    expect(guardRedirect('/cdn/domain/list', open)).toBeNull();
  });

  it('sends a refused route to the first granted screen', () => {
    expect(guardRedirect('/cdn/token-manage', open)).toBe('/cdn/dashboard');
    const noOverview = { serviceOpen: true, menu: menu.slice(2) };
    expect(guardRedirect('/cdn/token-manage', noOverview)).toBe('/cdn/domain/list');
    expect(firstGrantedRoute(menu.slice(4))).toBe('/cdn/statistics/bandwidth');
  });

  it('never loops when the overview itself is not granted and nothing else is', () => {
    const none = { serviceOpen: true, menu: [] };
    expect(guardRedirect('/cdn/dashboard', none)).toBeNull();
    expect(guardRedirect('/cdn/cert', none)).toBe('/cdn/dashboard');
  });

  it('keeps an account without the service on the activation page and the always-open routes', () => {
    const closed = { serviceOpen: false, menu: [] };
    expect(guardRedirect('/cdn/open-service', closed)).toBeNull();
    expect(guardRedirect('/cdn/dashboard', closed)).toBe('/cdn/open-service');
    expect(guardRedirect('/cdn/help', closed)).toBeNull();
    expect(guardRedirect('/cdn/suggestion', closed)).toBeNull();
    expect(guardRedirect('/cdn/user/detail/1', closed)).toBeNull();
    expect(guardRedirect('/cdn/user/list', closed)).toBe('/cdn/open-service');
  });

  it('sends an open account away from the activation page', () => {
    expect(guardRedirect('/cdn/open-service', open)).toBe('/cdn/dashboard');
  });
});
