import { useEffect, useRef } from 'react';
import { useMirroredText } from './use-mirrored-text';

/**
 * A list's search keyword kept in the address: the rows follow each keystroke (the text answered
 * here), the address follows once typing pauses (a navigation per keystroke would cost the list
 * its frame), back on the first page.
 */
export function useAddressKeyword<S extends { keyword?: string | undefined; page?: number | undefined }>(
  search: S,
  onSearchChange: (search: S) => void,
): readonly [string, (text: string) => void] {
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const addressWrite = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(addressWrite.current), []);
  return useMirroredText(
    search.keyword ?? '',
    (text) => {
      clearTimeout(addressWrite.current);
      addressWrite.current = setTimeout(
        () =>
          onSearchChange({
            ...latest.current,
            keyword: text.trim() === '' ? undefined : text,
            page: undefined,
          }),
        300,
      );
    },
    (text) => text,
  );
}
