import type { ComposedKind, MessageContent, ShopVoucher } from '@balas/contracts';
import type { z } from 'zod';
import type { ProductVariationRow, ShopRow } from '../db/schema.ts';
import type { OrderPlatform } from './orders.ts';

/**
 * What differs from one sales channel to another, behind one interface: a new platform is one
 * folder beside `shopee/`, `lazada/` and `website/` exporting a `PlatformDefinition`, plus its line
 * in `definitions.ts`. Features never branch on the provider; they ask the shop's platform.
 */

/** A platform's id: the shops' `provider` and the segment of its routes (`/api/webhooks/{id}`). */
export type PlatformId = string;

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
  /**
   * Our OAuth callback is `/api/{id}/callback`, with the state as a last path segment when true
   * (Shopee's redirect keeps no query of ours), else in the query.
   */
  stateInPath: boolean;
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

/** What a push asks of us, decoded by its platform's adapter. */
export type PlatformPush = { shopExternalId: string } & (
  | { kind: 'message'; incoming: IncomingMessage }
  /** Something changed in one conversation: read it back. */
  | { kind: 'conversation'; conversationExternalId: string }
  /** Something changed somewhere in the shop's chats: read the latest conversations back. */
  | { kind: 'conversations' }
  | { kind: 'ignored' }
);

/**
 * Optional capability: a platform that keeps the pushes it could not deliver (Shopee, 3 days). Gap
 * repair reads a page, handles each push, then confirms the page.
 */
export interface LostPushes {
  page(): Promise<{ pushes: LostPush[]; hasNextPage: boolean; confirm(): Promise<void> }>;
}

export interface LostPush {
  /** As the platform listed it: kept in a dead job when it cannot be handled. */
  native: unknown;
  /** In our terms (throws on a push it cannot read). */
  decode(): PlatformPush;
}

export interface Platform {
  provider: PlatformId;
  /** The name merchants know it by ("Shopee"): messages and logs. */
  name: string;
  mode: PlatformMode;
  /** Null for the website, which needs no authorization. */
  connector: Connector | null;
  /** Null when the platform sends no pushes here (the website, or a platform that is off). */
  verifier: PushVerifier | null;
  /** A verified push's body in our terms; null where no pushes come (the website). */
  decodePush: ((rawBody: string) => PlatformPush) | null;
  /** Optional: replay of the pushes the platform could not deliver (gap repair). */
  lostPushes?: LostPushes | undefined;
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
  constructor(name: string) {
    super(`${name} is not set up on this server`);
  }
}

/** How config resolved a platform: live with its own settings, on the built-in sandbox, or off. */
export type PlatformSetting<Live> = ({ mode: 'live' } & Live) | { mode: 'sandbox' } | { mode: 'off' };

/** The sandbox package's credentials, by platform id: a definition reads its own. */
export type SandboxDefaults = Readonly<Record<string, unknown>>;

/** What a definition's `create` is given by the registry. */
export interface PlatformBuild<Settings> {
  mode: PlatformMode;
  /** Live: its configured settings; sandbox: the sandbox's; off: placeholders nothing calls with. */
  settings: Settings;
  /** Our push route for this platform, as the platform signs it. */
  webhookUrl: string;
  /** Reaches the platform (the mounted sandbox in-process); a platform that is off gets one that throws. */
  fetch: typeof fetch;
  access: ShopAccess;
}

/**
 * A platform as the server registers it: its id, its configuration keys (credentials and hosts),
 * and how its adapter is built in each mode. Config and the registry loop over the definitions
 * (`definitions.ts`); nothing else names a platform.
 */
export interface PlatformDefinition<
  Id extends PlatformId = PlatformId,
  Settings = unknown,
  Client = unknown,
  Env extends z.ZodObject = z.ZodObject,
> {
  id: Id;
  name: string;
  /**
   * A marketplace: live when its credentials are set; without any platform's credentials every
   * marketplace runs on the sandbox, and one left without them beside a live one is off. A channel
   * that is not a marketplace (the website) is always live and reads no keys.
   */
  marketplace: boolean;
  /** The environment variables it reads, checked with the rest of the configuration. */
  env: Env;
  /**
   * Its live settings from its (parsed) variables, or undefined when its credentials are absent;
   * `issue` refuses the configuration (a half-set pair).
   */
  live(env: z.output<Env>, issue: (message: string) => void): Settings | undefined;
  /** Its settings on the built-in sandbox, served at `sandboxUrl`, with the sandbox's credentials. */
  sandbox(input: { defaults: () => SandboxDefaults; sandboxUrl: string }): Settings;
  /** Placeholder settings for a platform that is off (its client is built; its fetch throws). */
  off(sandboxUrl: string): Settings;
  create(build: PlatformBuild<Settings>): { platform: Platform; client: Client };
}
