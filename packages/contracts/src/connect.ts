// No schema library here: the dashboard's first load and the site import these.

/** Why a marketplace authorization did not connect the shop (the `error` of the `/connected` page). */
export const connectFailures = ['refused', 'expired', 'taken', 'failed'] as const;
export type ConnectFailure = (typeof connectFailures)[number];

/**
 * The authorization window tells the dashboard how it ended, on this BroadcastChannel (same origin
 * only by construction), and closes itself.
 */
export const connectChannel = 'balas:shop-authorization';
export type ConnectMessage =
  | { type: 'connected'; shopId: string }
  | { type: 'failed'; reason: ConnectFailure };
