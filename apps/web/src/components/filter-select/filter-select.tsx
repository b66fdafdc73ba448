import { type KeyboardEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import type { FilterOption } from './filter-menu.tsx';
import css from './filter-select.module.css';

// The open list is MUI's Menu, loaded when first wanted (the pointer or the focus on a field), so a
// first screen with filters loads no MUI for them.
const loadMenu = () => import('./filter-menu.tsx');
const FilterMenu = lazy(() => loadMenu().then((m) => ({ default: m.FilterMenu })));

/**
 * A filter (the Inbox's shop and channel, Insights' shop): an outlined field with its label on the
 * border, as MUI's small select looked, with the same roles (a combobox that opens a listbox of
 * options) but none of its run-time styling, so a page's first screen draws it from static CSS.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  value: string;
  options: FilterOption[];
  onChange: (value: string) => void;
  /** Sizes the field in its row. */
  className?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-value`;
  const listId = `${id}-list`;
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value) ?? options[0];

  const onKeyDown = (e: KeyboardEvent) => {
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) {
      e.preventDefault();
      setOpen(true);
    }
  };

  return (
    <div className={className ? `${css.field} ${className}` : css.field}>
      <span id={labelId} className={css.fieldLabel}>
        {label}
      </span>
      <div
        ref={anchor}
        id={buttonId}
        role="combobox"
        tabIndex={0}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        className={css.select}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onPointerEnter={() => void loadMenu()}
        onFocus={() => void loadMenu()}
      >
        {current?.label}
      </div>
      <svg className={css.arrow} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M7 10l5 5 5-5z" />
      </svg>
      {open && anchor.current && (
        <Suspense fallback={null}>
          <FilterMenu
            anchor={anchor.current}
            listId={listId}
            labelId={labelId}
            value={value}
            options={options}
            onChoose={(next) => {
              setOpen(false);
              if (next !== value) onChange(next);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
