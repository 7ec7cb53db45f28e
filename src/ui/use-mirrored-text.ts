import { useState } from 'react';

/**
 * A text field mirrored in the address (the list's search): what is typed shows at once and is
 * written to the address; a change of the address made elsewhere (a link) replaces the text.
 * The router applies an address some time after the keystroke, so the values written and not
 * yet applied are told apart from changes made elsewhere.
 */
export function useMirroredText(
  external: string,
  write: (text: string) => void,
  /** The value the address will hold for a text. */
  normalize: (text: string) => string,
) {
  const [state, setState] = useState({ text: external, seen: external, written: [] as string[] });
  let current = state;
  if (external !== state.seen) {
    const index = state.written.indexOf(external);
    current =
      index >= 0
        ? { text: state.text, seen: external, written: state.written.slice(index + 1) }
        : { text: external, seen: external, written: [] };
    setState(current);
  }
  const change = (text: string) => {
    const value = normalize(text);
    setState((s) => {
      const last = s.written.at(-1) ?? s.seen;
      return { ...s, text, written: value === last ? s.written : [...s.written, value] };
    });
    write(text);
  };
  return [current.text, change] as const;
}
