export type { MessageBody, Platform, SandboxData } from './data/types.ts';
export { authorizeShop, revokeShop } from './grants.ts';
export { type SandboxOptions, sandboxDefaults } from './options.ts';
export { createSandbox, type Sandbox, type SandboxPluginOptions, sandboxPlugin } from './plugin.ts';
export { createSandboxState, type SandboxState } from './sandbox-state.ts';
export { type ShopperSendInput, type ShopperSendResult, shopperSend } from './shopper-send.ts';
