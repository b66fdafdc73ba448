import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * True for a password too easy to guess (NIST SP 800-63B, 3.1.1.2): one of the ~49,000 most common
 * passwords of leaked lists (case aside), or the account's own e-mail, its name part or the
 * product's name. Read on first use.
 */
export function isGuessablePassword(password: string, email: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  return (
    common.has(candidate) ||
    candidate === address ||
    candidate === address.split('@')[0] ||
    /^(balas)+\d*$/.test(candidate)
  );
}
