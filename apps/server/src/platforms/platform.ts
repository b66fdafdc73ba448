import type { ComposedKind, MessageContent, Provider, ShopVoucher } from '@balas/contracts';
import type { ProductVariationRow, ShopRow } from '../db/schema.ts';
import type { OrderPlatform } from './orders.ts';

/**
 * What differs from one sales channel to another, behind one interface: a new platform is one
 * folder beside `shopee/`, `lazada/` and `website/` plus a line in `registry.ts`. Features never
 * branch on the provider for these; they ask the shop's platform.
 */

export type MarketplaceProvider = Exclude<Provider, 'website'>;
/** live: real credentials; sandbox: the built-in sandbox; off: not configured on this server. */
export type PlatformMode = 'live' | 'sandbox' | 'off';

/** The shop as a platform sees it: a row of `shops`. */
export type PlatformShop = ShopRow;

/** A conversation as a platform needs it (a row of `conversations`). */
export interface PlatformConversation {
  externalId: string;
  customerId: string;
  customerName: string;
  lastMessageExternalId?: string | null;
}

/** A message in a platform's own format: its type name and content (Lazada's template id as text). */
export interface NativeMessage {
  type: string;
  content: Record<string, unknown>;
}

/** A message as it arrives from a platform or a visitor, in our terms (decoded by its adapter). */
export interface IncomingMessage {
  conversation: { externalId: string; customerId: string; customerName: string };
  message: {
    externalId: string;
    sender: 'customer' | 'agent' | 'bot';
    content: MessageContent;
    /** The platform's own message, kept beside the content for audit; none for the website's own. */
    raw?: NativeMessage | null;
    sentAt: Date;
  };
}

/** A message the shop side sends, in our terms; the adapter encodes it for its platform. */
export interface OutgoingMessage {
  content: MessageContent;
  /**
   * The picture's bytes, for a platform that takes an image message only after its own upload
   * (Shopee); read when the message is sent, so a retry uploads again.
   */
  upload?: (() => Promise<{ data: Buffer; mime: string; fileName: string }>) | undefined;
}

/** A product as the platform lists it. */
export interface CatalogueItem {
  externalId: string;
  name: string;
  description: string;
  price: string | null;
  currency: string | null;
  stock: number | null;
  images: string[];
  /** Shopee models / Lazada SKUs with their own price and stock; none for a product without variations. */
  variations?: ProductVariationRow[];
}

export interface MarketplaceTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
}

export interface ConnectedShop extends MarketplaceTokens {
  externalId: string;
  region: string | null;
}

/** Authorizing a shop and keeping its tokens fresh. */
export interface Connector {
  /** Our OAuth callback route for this platform (Shopee carries the state in the path). */
  callbackPath(state: string): string;
  authorizationUrl(input: { callbackUrl: string; state: string }): string;
  completeAuthorization(query: Record<string, string | undefined>): Promise<ConnectedShop>;
  refresh(input: { refreshToken: string; externalId: string }): Promise<MarketplaceTokens>;
  needsReauthorization(error: unknown): boolean;
}

export interface PushVerifier {
  /** True when the Authorization header signs this raw body. */
  verify(rawBody: string, signature: string | undefined): boolean;
  /** A key that is the same for a retried or duplicated push. */
  dedupeKey(rawBody: string): string;
}

/** A shop's credentials on its platform, fresh (the shops service refreshes them). */
export type ShopAccess = (shop: PlatformShop) => Promise<{ accessToken: string; externalId: string }>;

export interface Platform {
  provider: Provider;
  mode: PlatformMode;
  /** Null for the website, which needs no authorization. */
  connector: Connector | null;
  /** Null when the platform sends no pushes here (the website, or a platform that is off). */
  verifier: PushVerifier | null;
  /** A message in our terms as this platform sends it (what is stored as its raw payload). */
  encode(content: MessageContent): NativeMessage;
  /** The composer's messages this platform takes (pictures, products, vouchers, orders). */
  accepts: readonly ComposedKind[];
  send(
    shop: PlatformShop,
    conversation: PlatformConversation,
    message: OutgoingMessage,
  ): Promise<{ externalId: string }>;
  /** Tells the platform the merchant read the conversation up to its last message. */
  markRead(shop: PlatformShop, conversation: PlatformConversation): Promise<void>;
  /** The latest messages of the most recent conversations (first sync, gap repair), oldest first. */
  recentMessages(shop: PlatformShop, options: { conversations: number }): Promise<IncomingMessage[]>;
  /** One conversation's latest messages as the platform has them, oldest first. */
  conversationMessages(shop: PlatformShop, conversationExternalId: string): Promise<IncomingMessage[]>;
  /**
   * The products the platform lists for the shop, up to about `limit`; `complete` is false when the
   * listing was cut there. Null for a channel without a catalogue of its own (the website).
   */
  catalogue(
    shop: PlatformShop,
    options: { limit: number },
  ): Promise<{ items: CatalogueItem[]; complete: boolean }> | null;
  /** The shop's vouchers running now (none on the website). */
  runningVouchers(shop: PlatformShop): Promise<ShopVoucher[]>;
  /** Order lookups on the platform; null where there are no platform orders (the website). */
  orders: OrderPlatform | null;
  /** The names of an order's items, each once (none on the website). */
  orderItemNames(shop: PlatformShop, orderId: string): Promise<string[]>;
}

/** A platform that is not configured on this server: every call says so. */
export class PlatformOffError extends Error {
  constructor(provider: Provider) {
    super(`${provider === 'shopee' ? 'Shopee' : 'Lazada'} is not set up on this server`);
  }
}
