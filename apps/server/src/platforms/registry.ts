import { type BuiltInPlatforms, platformDefinitions } from './definitions.ts';
import {
  type Platform,
  type PlatformDefinition,
  type PlatformId,
  PlatformOffError,
  type PlatformSetting,
  type SandboxDefaults,
  type ShopAccess,
} from './platform.ts';

/** The sandbox's own credentials, by platform id: known only when a platform runs in sandbox mode. */
export type SandboxCredentials = SandboxDefaults;

type ClientOf<D> = D extends PlatformDefinition<PlatformId, unknown, infer C> ? C : never;

/** The shipped platforms' raw clients, by id: tests that watch the wire. */
export type MarketplaceClients = {
  [D in BuiltInPlatforms[number] as D['id']]: ClientOf<D>;
};

export type Platforms = {
  /** The shipped platforms' adapters by id (tests spy on them). */
  [D in BuiltInPlatforms[number] as D['id']]: Platform;
} & {
  /** Every registered platform (the shipped ones, then any a test added). */
  all: readonly Platform[];
  clients: MarketplaceClients;
  /** A shop's platform; throws for an id no definition registered. */
  of(provider: PlatformId): Platform;
};

/** A fetch for a platform that is off: a clear error instead of a call to an unmounted sandbox. */
const offFetch =
  (name: string): typeof fetch =>
  async () => {
    throw new PlatformOffError(name);
  };

/**
 * One adapter per registered platform, each in the mode config resolved for it (live / sandbox /
 * off). The sandbox's secrets are used only for platforms in sandbox mode; a platform that is off
 * verifies no push and calls nothing. `extra` definitions (a test's platform) take the mode the
 * shipped marketplaces left: the sandbox when none is live, else off.
 */
export function createPlatforms(input: {
  /** What the deployment's config resolved (config.ts): each platform's setting, by id. */
  config: {
    platforms: Partial<Record<PlatformId, PlatformSetting<unknown>>>;
    sandbox: boolean;
    publicUrl: string;
  };
  sandbox: SandboxCredentials | null;
  /** Reaches the platforms: the mounted sandbox in-process, the live ones over the network. */
  fetch: typeof fetch;
  access: ShopAccess;
  extra?: readonly PlatformDefinition[] | undefined;
}): Platforms {
  const { config, sandbox, access } = input;
  const defaults = () => {
    if (!sandbox) throw new Error('A platform is in sandbox mode but the sandbox credentials are missing');
    return sandbox;
  };
  const definitions: readonly PlatformDefinition[] = [...platformDefinitions, ...(input.extra ?? [])];
  const built = new Map<PlatformId, { platform: Platform; client: unknown }>();
  for (const definition of definitions) {
    if (built.has(definition.id)) throw new Error(`Two platforms are registered as ${definition.id}`);
    const setting: PlatformSetting<unknown> = config.platforms[definition.id] ?? {
      mode: config.sandbox ? 'sandbox' : 'off',
    };
    const sandboxUrl = `${config.publicUrl}/sandbox/${definition.id}`;
    const { mode, ...live } = setting;
    built.set(
      definition.id,
      definition.create({
        mode,
        settings:
          mode === 'live'
            ? live
            : mode === 'sandbox'
              ? definition.sandbox({ defaults, sandboxUrl })
              : definition.off(sandboxUrl),
        webhookUrl: `${config.publicUrl}/api/webhooks/${definition.id}`,
        fetch: mode === 'off' ? offFetch(definition.name) : input.fetch,
        access,
      }),
    );
  }
  const of = (provider: PlatformId): Platform => {
    const found = built.get(provider);
    if (!found) throw new Error(`No platform is registered as ${provider}`);
    return found.platform;
  };
  const byId = <T>(pick: (b: { platform: Platform; client: unknown }) => T) =>
    Object.fromEntries(platformDefinitions.map((d) => [d.id, pick(built.get(d.id)!)]));
  return {
    // The shipped platforms by id, built from the same list as their types.
    ...(byId((b) => b.platform) as { [D in BuiltInPlatforms[number] as D['id']]: Platform }),
    all: [...built.values()].map((b) => b.platform),
    clients: byId((b) => b.client) as MarketplaceClients,
    of,
  };
}
