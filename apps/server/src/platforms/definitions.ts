import { lazadaDefinition } from './lazada/lazada.definition.ts';
import { shopeeDefinition } from './shopee/shopee.definition.ts';
import { websiteDefinition } from './website/website.platform.ts';

/**
 * The platforms this server ships, registered in one place: config reads each one's keys and the
 * registry builds each one's adapter from this list. A new platform is its folder and a line here.
 */
export const platformDefinitions = [shopeeDefinition, lazadaDefinition, websiteDefinition] as const;

export type BuiltInPlatforms = typeof platformDefinitions;
