import { Pager, type PagerProps } from './pager';

export interface SearchPagerProps<
  S extends number,
  Q extends { page?: number | undefined; size?: S | undefined },
> extends Pick<PagerProps<S>, 'hiddenWhenShort'> {
  /** The address's search: its page and page size (the first size is the default, left out). */
  search: Q;
  onSearchChange(search: Q): void;
  total: number;
  page: number;
  pageCount: number;
  sizes: readonly [S, ...S[]];
}

/** The pager of a list whose page and page size are in the address. */
export function SearchPager<S extends number, Q extends { page?: number | undefined; size?: S | undefined }>({
  search,
  onSearchChange,
  total,
  page,
  pageCount,
  sizes,
  hiddenWhenShort,
}: SearchPagerProps<S, Q>) {
  return (
    <Pager
      total={total}
      page={page}
      pageCount={pageCount}
      sizes={sizes}
      hiddenWhenShort={hiddenWhenShort}
      size={search.size ?? sizes[0]}
      onPage={(p) => onSearchChange({ ...search, page: p > 1 ? p : undefined })}
      onSize={(s) => onSearchChange({ ...search, size: s === sizes[0] ? undefined : s, page: undefined })}
    />
  );
}
