import type { Conversation, Message, Platform } from '../data/types.ts';
import { isAuthorized } from '../grants.ts';
import { hmacSha256Hex } from '../hmac.ts';
import { lazadaPushBody } from '../lazada/wire.ts';
import type { SandboxState } from '../sandbox-state.ts';
import { shopeePushBody } from '../shopee/wire.ts';
import type { PushTicket } from './dispatcher.ts';

/**
 * Pushes a new chat message to our webhook, signed as the platform signs it. Only shops that
 * authorized the app are pushed, and only when a webhook URL is configured.
 */
export function pushMessage(
  state: SandboxState,
  platform: Platform,
  c: Conversation,
  m: Message,
): PushTicket | null {
  const url = state.config[platform].webhookUrl;
  if (!url || !isAuthorized(state, platform, c.shopId)) return null;
  if (platform === 'shopee') {
    const body = shopeePushBody(state, c, m);
    const { partnerKey } = state.config.shopee;
    return state.pushes.send({
      platform,
      shopId: c.shopId,
      code: 10,
      url,
      body,
      authorization: hmacSha256Hex(partnerKey, `${url}|${body}`),
    });
  }
  const body = lazadaPushBody(state, c);
  const { appKey, appSecret } = state.config.lazada;
  return state.pushes.send({
    platform,
    shopId: c.shopId,
    code: 19,
    url,
    body,
    authorization: hmacSha256Hex(appSecret, appKey + body),
  });
}
