import type { FastifyInstance } from 'fastify';
import type { SandboxState } from '../sandbox-state.ts';
import { idParam, paramError, shopeeRoute } from './shopee-call.ts';

const PAGE = 100;
const KEPT_SECONDS = 3 * 86_400;

/**
 * Pushes our webhook did not acknowledge after the retries. Shopee documents these as public
 * (partner-level) calls; a shop-level signature is accepted too and narrows them to that shop.
 */
export function shopeePushRoutes(app: FastifyInstance, state: SandboxState) {
  const lost = (shopId: string | undefined, nowSec: number) =>
    state.data.shopee.lostPushes
      .filter((l) => (!shopId || l.shopId === shopId) && l.timestamp > nowSec - KEPT_SECONDS)
      .sort((a, b) => a.id - b.id);

  shopeeRoute(app, state, {
    method: 'GET',
    path: '/api/v2/push/get_lost_push_message',
    level: 'public or shop',
    handler: ({ shop, nowSec }) => {
      const all = lost(shop?.id, nowSec);
      const page = all.slice(0, PAGE);
      return {
        response: {
          push_message_list: page.map((l) => ({
            shop_id: Number(l.shopId),
            code: l.code,
            timestamp: l.timestamp,
            data: l.data,
          })),
          has_next_page: all.length > page.length,
          last_message_id: page.at(-1)?.id ?? 0,
        },
      };
    },
  });

  shopeeRoute(app, state, {
    method: 'POST',
    path: '/api/v2/push/confirm_consumed_lost_push_message',
    level: 'public or shop',
    handler: ({ body, shop }) => {
      if (body.last_message_id === undefined) throw paramError('last_message_id is required');
      const upTo = Number(idParam(body.last_message_id, 'last_message_id'));
      const p = state.data.shopee;
      p.lostPushes = p.lostPushes.filter((l) => l.id > upTo || (shop !== undefined && l.shopId !== shop.id));
      state.save();
      return undefined;
    },
  });
}
