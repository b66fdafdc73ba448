const KEY = 'chatSession';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 12 random letters and digits (spec §3), kept in local storage so a returning visitor sees their chat. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function sessionId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): string {
  const existing = storage?.getItem(KEY);
  if (existing && /^[A-Za-z0-9]{12}$/.test(existing)) return existing;
  const id = newSessionId();
  storage?.setItem(KEY, id);
  return id;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the chat still works for this page view
  }
}
