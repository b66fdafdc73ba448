import { shopCreateBody, shopUpdateBody } from '@balas/contracts';
import type { z } from 'zod';

/** The add-shop registration form: the creation payload without `redirect`, which the app sets. */
export const shopRegistrationForm = shopCreateBody.omit({ redirect: true });
export type ShopRegistrationValues = z.input<typeof shopRegistrationForm>;

/**
 * The shop-update form: the same contact rules as registration (each 'Please enter a value'), plus the
 * settings with the update payload's rules.
 */
export const shopSettingsForm = shopRegistrationForm.extend({
  vouchersEnabled: shopUpdateBody.shape.vouchersEnabled.unwrap(),
  pauseBotOnManualReply: shopUpdateBody.shape.pauseBotOnManualReply.unwrap(),
  handoverMessage: shopUpdateBody.shape.handoverMessage.unwrap(),
});
export type ShopSettingsValues = z.input<typeof shopSettingsForm>;

export const contactFields = ['name', 'person_name', 'person_email', 'person_phone'] as const;
export type ContactField = (typeof contactFields)[number];
