import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeftMenu } from '../../../src/app/layout/left-menu';
import { limits, menuDefinitions } from '../../../src/contract';
import { Shell, activateEnglish } from './sync-fixtures';

const current = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.getAttribute('href'));

describe('left menu: the selected item follows the address after 50 ms (spec §2)', () => {
  beforeEach(() => {
    activateEnglish();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('marks nothing until the delay has passed, then the route’s item; a new address moves it after the delay again', () => {
    const view = render(
      <Shell>
        <LeftMenu items={menuDefinitions} pathname="/cdn/domain/list" />
      </Shell>,
    );
    expect(current()).toEqual([]);
    act(() => vi.advanceTimersByTime(limits.menuSelectDelayMs - 1));
    expect(current()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toEqual(['#/cdn/domain/list']);

    view.rerender(
      <Shell>
        <LeftMenu items={menuDefinitions} pathname="/cdn/cert" />
      </Shell>,
    );
    act(() => vi.advanceTimersByTime(limits.menuSelectDelayMs - 1));
    expect(current()).toEqual(['#/cdn/domain/list']);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toEqual(['#/cdn/cert']);
  });

  it('applies only the last of several quick address changes', () => {
    const view = render(
      <Shell>
        <LeftMenu items={menuDefinitions} pathname="/cdn/domain/list" />
      </Shell>,
    );
    for (const pathname of ['/cdn/cert', '/cdn/ip-ban', '/cdn/log']) {
      act(() => vi.advanceTimersByTime(limits.menuSelectDelayMs / 2));
      view.rerender(
        <Shell>
          <LeftMenu items={menuDefinitions} pathname={pathname} />
        </Shell>,
      );
    }
    act(() => vi.advanceTimersByTime(limits.menuSelectDelayMs - 1));
    expect(current()).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toEqual(['#/cdn/log']);
  });
});
