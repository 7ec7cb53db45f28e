import { useEffect, useRef, useState } from 'react';

/**
 * Whether a box is narrower than its content, kept up to date as either changes size. A table that
 * scrolls sideways is given the focus stop by which a keyboard scrolls it (WCAG 2.1.1); one that
 * fits adds no stop to the Tab order.
 */
export function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}
