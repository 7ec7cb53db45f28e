import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../contract';

export type DocumentState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; source: string };

/** Fetches a static markdown document of the console (`/documents/<name>.<language>.md`). */
export function useDocument(name: 'help' | 'billing', language: Language, enabled = true) {
  const [attempt, setAttempt] = useState(0);
  const key = `${name}.${language}.${attempt}`;
  const [result, setResult] = useState<{ key: string; state: DocumentState } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    const setState = (state: DocumentState) => setResult({ key, state });
    fetch(`/documents/${name}.${language}.md`)
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const source = await response.text();
        if (!cancelled) setState({ status: 'ready', source });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [name, language, enabled, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const state: DocumentState = result?.key === key ? result.state : { status: 'loading' };
  return { state, retry };
}
