import { useVirtualizer } from '@tanstack/react-virtual';
import { type HTMLAttributes, type ReactNode, type RefObject, useEffect } from 'react';
import { Spinner } from './spinner.tsx';

/** What the rows need of an infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** A row's own attributes on its list item (`data-*` for tests and styling). */
type RowAttributes = HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>;

/**
 * The rows of an infinite query inside `scrollRef`'s element, virtualized: only those on screen
 * are drawn, and the next page loads as the last ones come into view.
 */
export function VirtualRows<T>({
  rows,
  rowHeight,
  scrollRef,
  query,
  keyOf,
  rowAttributes,
  children,
}: {
  rows: T[];
  rowHeight: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  query: PagedQuery;
  keyOf: (row: T) => string;
  rowAttributes?: (row: T) => RowAttributes;
  children: (row: T) => ReactNode;
}) {
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    // Until it has measured the list, the screen's height: the first render already draws the rows in
    // view (measured, it would draw none, then the rows in a second commit).
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });
  const items = virtual.getVirtualItems();
  const last = items.at(-1);

  useEffect(() => {
    if (last && last.index >= rows.length - 5 && query.hasNextPage && !query.isFetchingNextPage)
      void query.fetchNextPage();
  }, [last, rows.length, query]);

  // Inline styles: each row's offset differs, and as run-time classes every row would add a style rule.
  return (
    <>
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the list is the caller's scrolling element (role="list"), with this positioned box between
            <div
              key={keyOf(row)}
              role="listitem"
              {...rowAttributes?.(row)}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: item.size,
                transform: `translateY(${item.start}px)`,
              }}
            >
              {children(row)}
            </div>
          );
        })}
      </div>
      {query.isFetchingNextPage && (
        <div style={{ padding: 16, textAlign: 'center' }}>
          <Spinner size={20} label="Loading more" />
        </div>
      )}
    </>
  );
}
