import { createContext, useContext } from 'react';
import type { CardShop } from '../../api/orders.ts';

/**
 * The shop whose chat is shown, for the cards inside its messages. Without it (a chat log shown
 * outside a shop) messages show their cards as plain labels.
 */
export const CardShopContext = createContext<CardShop | null>(null);

export const useCardShop = () => useContext(CardShopContext);
