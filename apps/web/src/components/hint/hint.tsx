import Tooltip from '@mui/material/Tooltip';
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

/** How long after a touch a phone's made-up mouse events arrive (they follow the tap's end). */
const TAP_MOUSE_EVENTS_MS = 1000;

interface HintTarget {
  ref?: Ref<HTMLElement>;
  'aria-label'?: string;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
}

/**
 * MUI's Tooltip, mounted when first wanted. Until the pointer comes over its element, the keyboard
 * focuses it or a finger touches it, the element is drawn alone, named by the hint as the Tooltip
 * names it; then the Tooltip takes it over, open for the pointer and the keyboard, and the element
 * keeps the focus. A screen of many hints (the Inbox's rows and header) renders no Tooltip, whose
 * refs re-render the screen synchronously as it is first drawn. The element must hold no ref of its
 * own: the Hint sets one.
 */
export function Hint({ title, children }: { title: string; children: ReactElement<HintTarget> }) {
  /** Undefined until the Tooltip takes over; then whether it is open. */
  const [open, setOpen] = useState<boolean>();
  /** The element while drawn alone, and whether it had the focus when the Tooltip took it over. */
  const alone = useRef<HTMLElement | null>(null);
  const hadFocus = useRef(false);
  /** When a finger took the element over: the mouse events a phone makes up after a tap open nothing. */
  const touchedAt = useRef(Number.NEGATIVE_INFINITY);
  const giveFocusBack = useCallback((element: HTMLElement | null) => {
    if (element && hadFocus.current) {
      hadFocus.current = false;
      element.focus();
    }
  }, []);

  if (open !== undefined)
    return (
      <Tooltip
        title={title}
        open={open}
        onOpen={() => setOpen(performance.now() - touchedAt.current > TAP_MOUSE_EVENTS_MS)}
        onClose={() => setOpen(false)}
      >
        {cloneElement(children, { ref: giveFocusBack })}
      </Tooltip>
    );

  const own = children.props;
  // At once, within the event: a click's press and release must land on the same element.
  const takeOver = (show: boolean) => {
    hadFocus.current = alone.current !== null && alone.current === document.activeElement;
    flushSync(() => setOpen(show));
  };
  return cloneElement(children, {
    ref: (element: HTMLElement | null) => {
      alone.current = element;
    },
    'aria-label': own['aria-label'] ?? title,
    onMouseOver: (event) => {
      own.onMouseOver?.(event);
      takeOver(true);
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // As MUI's Tooltip: a keyboard's focus shows the hint, a click's does not.
      takeOver(event.currentTarget.matches(':focus-visible'));
    },
    // A touch shows the hint on a long press, which the Tooltip times from the next touch.
    onTouchStart: (event) => {
      own.onTouchStart?.(event);
      touchedAt.current = performance.now();
      takeOver(false);
    },
  });
}
