import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeferredMenu, type LoadedMenu } from '../../../src/app/layout/deferred-menu';
import { Shell, activateEnglish } from './sync-fixtures';

/** A menu as the loaded code draws it: its button, and when open, content that takes the focus. */
const FakeMenu: LoadedMenu = ({ defaultOpen }) => {
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (defaultOpen) content.current?.focus();
  }, [defaultOpen]);
  return (
    <>
      <button type="button">Menu</button>
      {defaultOpen ? (
        <div role="menu" tabIndex={-1} ref={content}>
          items
        </div>
      ) : null}
    </>
  );
};

function loader() {
  let resolve: (menu: LoadedMenu) => void = () => {};
  const promise = new Promise<LoadedMenu>((r) => (resolve = r));
  return { load: () => promise, arrive: () => act(async () => resolve(FakeMenu)) };
}

/** The menu with its placeholder button, its code still to come (`arrive`). */
function renderMenu() {
  const { load, arrive } = loader();
  render(
    <Shell>
      <DeferredMenu load={load} trigger={<button type="button">Menu</button>} />
    </Shell>,
  );
  return { placeholder: screen.getByRole('button', { name: 'Menu' }), arrive };
}

describe('a top-bar menu whose code comes when wanted', () => {
  beforeEach(activateEnglish);
  afterEach(cleanup);

  it('opens on a click made before its code came, and leaves the focus to the open menu', async () => {
    const { placeholder, arrive } = renderMenu();
    placeholder.focus();
    fireEvent.click(placeholder);
    await arrive();
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menu'));
  });

  it('keeps a click whose press began before the code came and ended after', async () => {
    const { placeholder, arrive } = renderMenu();
    fireEvent.pointerDown(placeholder);
    await arrive();
    // The press goes on: the button pressed is still the one the click will reach.
    expect(screen.getByRole('button', { name: 'Menu' })).toBe(placeholder);
    fireEvent.pointerUp(placeholder);
    fireEvent.click(placeholder);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('shows the code that came during a press that ended elsewhere, closed', async () => {
    const { placeholder, arrive } = renderMenu();
    fireEvent.pointerDown(placeholder);
    await arrive();
    fireEvent.pointerLeave(placeholder);
    expect(screen.getByRole('button', { name: 'Menu' })).not.toBe(placeholder);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('gives the focus to the real button when the placeholder had it without a click', async () => {
    const { placeholder, arrive } = renderMenu();
    fireEvent.focus(placeholder);
    await arrive();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });
});
