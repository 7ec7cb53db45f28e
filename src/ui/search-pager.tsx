import { Pager, type PagerProps } from './pager';

export interface SearchPagerProps<
  S extends number,
  Q extends { page?: number | undefined; size?: S | undefined },
> extends Pick<PagerProps<S>, 'hiddenWhenShort'> {
  /** The address's search: its page and page size (the first size is the default, left out). */
  search: Q;
  onSearchChange(search: Q): void;
  total: number;
  /** The page shown and how many there are; by default as `pageOf` makes them of `total`. */
  page?: number;
  pageCount?: number;
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
  const size = search.size ?? sizes[0];
  const count = pageCount ?? Math.max(1, Math.ceil(total / size));
  return (
    <Pager
      total={total}
      page={page ?? Math.min(search.page ?? 1, count)}
      pageCount={count}
      sizes={sizes}
      hiddenWhenShort={hiddenWhenShort}
      size={size}
      onPage={(p) => onSearchChange({ ...search, page: p > 1 ? p : undefined })}
      onSize={(s) => onSearchChange({ ...search, size: s === sizes[0] ? undefined : s, page: undefined })}
    />
  );
}
