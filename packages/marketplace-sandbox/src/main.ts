import { fileURLToPath } from 'node:url';
import { sandboxDefaults } from './options.ts';
import { createSandbox } from './plugin.ts';

// Runs the sandbox on its own port. SANDBOX_PORT (4000), SANDBOX_HOST (127.0.0.1),
// SANDBOX_PUBLIC_URL, SANDBOX_STATE (JSON state file; default data/sandbox-state.json at the repo root),
// SHOPEE_WEBHOOK_URL, LAZADA_WEBHOOK_URL.
const port = Number(process.env.SANDBOX_PORT ?? 4000);
const host = process.env.SANDBOX_HOST ?? '127.0.0.1';
const publicUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`;

const { app } = await createSandbox({
  publicUrl,
  statePath:
    process.env.SANDBOX_STATE ?? fileURLToPath(new URL('../../../data/sandbox-state.json', import.meta.url)),
  shopee: { ...sandboxDefaults.shopee, webhookUrl: process.env.SHOPEE_WEBHOOK_URL },
  lazada: { ...sandboxDefaults.lazada, webhookUrl: process.env.LAZADA_WEBHOOK_URL },
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
console.log(`Marketplace sandbox at ${publicUrl} (shopper console: ${publicUrl}/shopper)`);
