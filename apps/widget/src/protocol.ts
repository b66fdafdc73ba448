/** Messages between the loader (host page) and the panel (our iframe). Always sent with an explicit target origin. */
export type PanelMessage =
  | { type: 'balas:ready' }
  | { type: 'balas:close' }
  | { type: 'balas:unread'; count: number };
/** The panel is shown (focus the input, poll often) or hidden (poll rarely, report unread replies). */
export type HostMessage = { type: 'balas:open' } | { type: 'balas:hidden' };

export const isPanelMessage = (data: unknown): data is PanelMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { type?: unknown }).type === 'string' &&
  (data as { type: string }).type.startsWith('balas:');
