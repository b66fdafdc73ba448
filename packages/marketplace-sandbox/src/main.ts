import { join } from 'node:path';
import { createSandbox, sandboxDefaults } from './index.ts';

// Runs the sandbox on its own port: SANDBOX_PORT (4000), SANDBOX_PUBLIC_URL, SHOPEE_WEBHOOK_URL,
// LAZADA_WEBHOOK_URL, SANDBOX_STATE (a JSON file for its state).
const port = Number(process.env.SANDBOX_PORT ?? 4000);
const publicUrl = process.env.SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`;
const { app } = await createSandbox({
  publicUrl,
  statePath: process.env.SANDBOX_STATE ?? join(process.cwd(), 'sandbox-state.json'),
  shopee: { ...sandboxDefaults.shopee, webhookUrl: process.env.SHOPEE_WEBHOOK_URL },
  lazada: { ...sandboxDefaults.lazada, webhookUrl: process.env.LAZADA_WEBHOOK_URL },
});
await app.listen({ port, host: process.env.SANDBOX_HOST ?? '127.0.0.1' });
console.log(`Marketplace sandbox at ${publicUrl} (shopper console: ${publicUrl}/shopper)`);
