import type TooltipComponent from '@mui/material/Tooltip';
import {
  cloneElement,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type Ref,
  type TouchEvent,
  useCallback,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { loadMuiScope } from '../mui-scope/lazy-mui.ts';
import type { MuiScope } from '../mui-scope/mui-scope.tsx';

/** How long after a touch a phone's made-up mouse events arrive (they follow the tap's end). */
const TAP_MOUSE_EVENTS_MS = 1000;

interface HintTarget {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onMouseDown?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
}

/**
 * MUI's Tooltip in the theme, loaded when a hint is first wanted: a first screen of hints loads no
 * MUI for them.
 */
let Tooltip: typeof TooltipComponent | null = null;
let Scope: typeof MuiScope | null = null;
let loading: Promise<unknown> | null = null;
const loadTooltip = () =>
  (loading ??= Promise.all([import('@mui/material/Tooltip'), loadMuiScope()]).then(([tooltip, scope]) => {
    Tooltip = tooltip.default;
    Scope = scope.MuiScope;
  }));

/**
 * MUI's Tooltip, loaded and mounted when first wanted. Until the pointer comes over its element, the
 * keyboard focuses it or a finger touches it, the element is drawn alone, named by the hint as the
 * Tooltip names it; then the Tooltip takes it over, open for the pointer and the keyboard, and the
 * element keeps the focus. A screen of many hints (the Inbox's rows and header) renders no Tooltip,
 * whose refs re-render the screen synchronously as it is first drawn. The element must hold no ref
 * of its own: the Hint sets one. While the Tooltip's code loads (the first hint wanted), the pointer
 * or the keyboard gets it once it is in if still there; a finger's first touch only loads it (taking
 * the element over during a tap would lose the tap).
 */
export function Hint({ title, children }: { title: string; children: ReactElement<HintTarget> }) {
  /** Undefined until the Tooltip takes over; then whether it is open. */
  const [open, setOpen] = useState<boolean>();
  /** The element while drawn alone, and whether it had the focus when the Tooltip took it over. */
  const alone = useRef<HTMLElement | null>(null);
  const hadFocus = useRef(false);
  /** When a finger took the element over: the mouse events a phone makes up after a tap open nothing. */
  const touchedAt = useRef(Number.NEGATIVE_INFINITY);
  /** What the pointer or the keyboard asked while the Tooltip loads; null once it left, or pressed. */
  const wanted = useRef<boolean | null>(null);
  const giveFocusBack = useCallback((element: HTMLElement | null) => {
    if (element && hadFocus.current) {
      hadFocus.current = false;
      element.focus();
    }
  }, []);

  if (open !== undefined && Tooltip && Scope)
    return (
      <Scope>
        <Tooltip
          title={title}
          open={open}
          onOpen={() => setOpen(performance.now() - touchedAt.current > TAP_MOUSE_EVENTS_MS)}
          onClose={() => setOpen(false)}
        >
          {cloneElement(children, { ref: giveFocusBack })}
        </Tooltip>
      </Scope>
    );

  const own = children.props;
  // At once, within the event: a click's press and release must land on the same element.
  const takeOver = (show: boolean) => {
    hadFocus.current = alone.current !== null && alone.current === document.activeElement;
    flushSync(() => setOpen(show));
  };
  const want = (show: boolean) => {
    if (Tooltip) return takeOver(show);
    wanted.current = show;
    void loadTooltip().then(() => {
      if (wanted.current !== null) takeOver(wanted.current);
    });
  };
  const unwant = () => {
    wanted.current = null;
  };
  return cloneElement(children, {
    ref: (element: HTMLElement | null) => {
      alone.current = element;
    },
    'aria-label': own['aria-label'] ?? title,
    onMouseOver: (event) => {
      own.onMouseOver?.(event);
      // The mouse events a phone makes up after a tap are no pointer.
      if (performance.now() - touchedAt.current > TAP_MOUSE_EVENTS_MS) want(true);
    },
    onMouseLeave: (event) => {
      own.onMouseLeave?.(event);
      unwant();
    },
    // Not taken over between a press and its release, which must land on the same element.
    onMouseDown: (event) => {
      own.onMouseDown?.(event);
      unwant();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // As MUI's Tooltip: a keyboard's focus shows the hint, a click's does not (nor takes the
      // element over while the Tooltip loads: the click is still under way).
      const keyboard = event.currentTarget.matches(':focus-visible');
      if (Tooltip) takeOver(keyboard);
      else if (keyboard) want(true);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      unwant();
    },
    // A touch shows the hint on a long press, which the Tooltip times from the next touch.
    onTouchStart: (event) => {
      own.onTouchStart?.(event);
      touchedAt.current = performance.now();
      if (Tooltip) takeOver(false);
      else {
        unwant();
        void loadTooltip();
      }
    },
  });
}
