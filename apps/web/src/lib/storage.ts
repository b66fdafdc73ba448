import { storedValue } from './stored-value.ts';

/** The browser's local storage keys of spec §3. */
export const tokenStore = storedValue('token');
export const shopIdStore = storedValue('shopId');
