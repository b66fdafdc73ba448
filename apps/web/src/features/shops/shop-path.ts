import type { Shop } from '@balas/contracts';

/** A shop's page, named by its platform (an address with another platform's name redirects here). */
export const shopPath = (shop: Pick<Shop, 'id' | 'providerName'>) =>
  `/dashboard/shops/${shop.providerName}/${shop.id}`;
