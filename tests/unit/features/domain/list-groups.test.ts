import { describe, expect, it } from 'vitest';
import {
  canCreateGroup,
  canDeleteGroup,
  checkGroupNameAmong,
} from '../../../../src/features/domain/groups/group-rules';
import { group, uuid } from './list-fixtures';

const shop = group(uuid(1, 'a'), 'Shop');
const blog = group(uuid(2, 'a'), 'Blog');
const groups = [shop, blog];

describe('checkGroupNameAmong', () => {
  it.each([
    ['', 'domain.group.nameRequired'],
    ['   ', 'domain.group.nameRequired'],
    ['a'.repeat(30), null],
    ['a'.repeat(31), 'domain.group.nameTooLong'],
    // Counted in characters, not UTF-16 units or bytes.
    ['分组'.repeat(15), null],
    ['分组'.repeat(15) + '一', 'domain.group.nameTooLong'],
    [' Videos ', null],
  ])('a new group named %j → %s', (name, expected) => {
    expect(checkGroupNameAmong(name, groups)).toBe(expected);
  });

  it('refuses the name of another live group, trimmed and in any case, as the server does', () => {
    expect(checkGroupNameAmong('shop', groups)).toBe('domain.group.exists');
    expect(checkGroupNameAmong('  BLOG ', groups)).toBe('domain.group.exists');
  });

  it('lets a group keep its own name (in another case) when renamed', () => {
    expect(checkGroupNameAmong('SHOP', groups, shop.id)).toBeNull();
    expect(checkGroupNameAmong('Blog', groups, shop.id)).toBe('domain.group.exists');
  });
});

describe('canCreateGroup', () => {
  it('allows up to 100 groups', () => {
    const many = Array.from({ length: 99 }, (_, i) => group(uuid(i + 1, 'b'), `g${i}`));
    expect(canCreateGroup(many)).toBe(true);
    expect(canCreateGroup([...many, shop])).toBe(false);
  });
});

describe('canDeleteGroup', () => {
  it('only when the group has no live domain', () => {
    const counts = new Map([
      [shop.id, 2],
      ['none', 5],
    ]);
    expect(canDeleteGroup(counts, shop.id)).toBe(false);
    expect(canDeleteGroup(counts, blog.id)).toBe(true);
  });
});
