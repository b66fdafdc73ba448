type Listener = () => void;

export interface StoredValue {
  get: () => string | null;
  set: (value: string) => void;
  clear: () => void;
  /** For `useSyncExternalStore`: called on every change, in this tab or another one. */
  subscribe: (listener: Listener) => () => void;
}

/** One local-storage key that components can subscribe to. */
export function storedValue(key: string): StoredValue {
  const listeners = new Set<Listener>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };
  return {
    get: () => localStorage.getItem(key),
    set: (value) => {
      localStorage.setItem(key, value);
      notify();
    },
    clear: () => {
      localStorage.removeItem(key);
      notify();
    },
    subscribe: (listener) => {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
