import { Box } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';

/** A menu of the top bar, opened at once when it comes because it was clicked before. */
export type LoadedMenu = ComponentType<{ defaultOpen?: boolean }>;

/** How long after the page has loaded the menus' code is fetched unasked. */
const settleMs = 3000;

/**
 * A top-bar menu whose code (Chakra's menus and popovers with their positioning and focus
 * handling: about a fifth of the console's first load) comes when it is first wanted: the pointer
 * over its button, the button focused or clicked, or the page settled. Until then its button is
 * drawn as it will be (`trigger`); a click before the code is there opens the menu as soon as it
 * has come, and the focus stays on the button. Code that comes while the button is pressed waits
 * for the press to end: swapping the button between the press and the click would lose the click.
 */
export function DeferredMenu({ load, trigger }: { load: () => Promise<LoadedMenu>; trigger: ReactElement }) {
  const [Menu, setMenu] = useState<LoadedMenu | null>(null);
  const [clicked, setClicked] = useState(false);
  const hadFocus = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const loading = useRef(false);
  const pressed = useRef(false);
  /** Code that came during a press, shown once the press ends. */
  const arrived = useRef<LoadedMenu | null>(null);
  const show = useCallback(() => {
    pressed.current = false;
    if (arrived.current) setMenu(() => arrived.current);
  }, []);
  const want = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    load().then(
      (loaded) => {
        arrived.current = loaded;
        if (!pressed.current) show();
      },
      () => {
        loading.current = false;
      },
    );
  }, [load, show]);
  useEffect(() => {
    const settle = () => window.setTimeout(want, settleMs);
    if (document.readyState === 'complete') {
      const timer = settle();
      return () => window.clearTimeout(timer);
    }
    let timer = 0;
    const onLoad = () => {
      timer = settle();
    };
    window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      window.clearTimeout(timer);
    };
  }, [want]);
  // The button drawn by the menu takes the focus its placeholder had. Not when a click opens the
  // menu: the open menu holds the focus, and taking it back to the button would close it.
  useEffect(() => {
    if (Menu && hadFocus.current && !clicked) box.current?.querySelector('button')?.focus();
  }, [Menu, clicked]);
  return (
    <Box
      ref={box}
      display="contents"
      onPointerEnter={Menu ? undefined : want}
      onFocus={
        Menu
          ? undefined
          : () => {
              hadFocus.current = true;
              want();
            }
      }
      onBlur={Menu ? undefined : () => (hadFocus.current = false)}
      onPointerDown={
        Menu
          ? undefined
          : () => {
              pressed.current = true;
              want();
            }
      }
      // A press that ends elsewhere (no click) lets the code that came in be shown.
      onPointerCancel={Menu ? undefined : show}
      onPointerLeave={Menu ? undefined : show}
      onClick={
        Menu
          ? undefined
          : () => {
              setClicked(true);
              want();
              show();
            }
      }
    >
      {Menu ? <Menu defaultOpen={clicked} /> : trigger}
    </Box>
  );
}
