import { sandboxDefaults } from '@balas/marketplace-sandbox';
import { parseShopeePush, verifyLazadaPush, verifyShopeePush } from '@balas/marketplaces';
import type { Config } from '../../config.ts';
import { bodyHash, type PushVerifier } from './webhooks.routes.ts';

/** Push verification with the live credentials, or the sandbox's when it is in use. */
export function createPushVerifiers(config: Config): { shopee: PushVerifier; lazada: PushVerifier } {
  const partnerKey = config.shopee?.partnerKey ?? sandboxDefaults.shopee.partnerKey;
  const lazada = config.lazada ?? sandboxDefaults.lazada;
  const shopeeUrl = `${config.publicUrl}/api/webhooks/shopee`;
  return {
    shopee: {
      verify: (rawBody, authorization) =>
        verifyShopeePush({ partnerKey, callbackUrl: shopeeUrl, rawBody, authorization }),
      dedupeKey(rawBody) {
        // The same message pushed twice (a retry) is one event; anything else is keyed by its bytes.
        try {
          const push = parseShopeePush(rawBody);
          if (push.kind === 'message' && push.message.messageId)
            return `msg:${push.shopId}:${push.message.messageId}`;
        } catch {
          // not JSON: the route answers 400 after verification
        }
        return bodyHash(rawBody);
      },
    },
    lazada: {
      verify: (rawBody, authorization) =>
        verifyLazadaPush({ appKey: lazada.appKey, appSecret: lazada.appSecret, rawBody, authorization }),
      dedupeKey: bodyHash,
    },
  };
}
