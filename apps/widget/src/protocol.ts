/** Messages between the loader (host page) and the panel (our iframe). Always sent with an explicit target origin. */
export type PanelMessage = { type: 'balas:close' } | { type: 'balas:unread'; count: number };
export type HostMessage = { type: 'balas:open' };

export const isPanelMessage = (data: unknown): data is PanelMessage =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { type?: unknown }).type === 'string' &&
  (data as { type: string }).type.startsWith('balas:');
