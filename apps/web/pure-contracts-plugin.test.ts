import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { pureContracts } from './pure-contracts-plugin.ts';

// A contracts module as the real ones are written: a list of words beside schemas built by chained
// calls that read message objects and spread shared fields.
const contractsModule = `import { z } from 'zod';
const messages = { name: 'Give a name.' };
const counts = { open: z.number(), done: z.number() };
export const views = ['open', 'done'] as const;
export const name = z.string().trim().min(1, messages.name);
export const form = z.object({ name: name.optional(), ...counts });
`;

const root = mkdtempSync(join(tmpdir(), 'pure-contracts-'));
mkdirSync(join(root, 'packages/contracts/src'), { recursive: true });
writeFileSync(join(root, 'packages/contracts/src/views.ts'), contractsModule);
writeFileSync(join(root, 'list.ts'), `export { views } from './packages/contracts/src/views.ts';\n`);
writeFileSync(
  join(root, 'form.ts'),
  `import { form } from './packages/contracts/src/views.ts';\nexport const result = form.safeParse({ name: ' ', open: 1, done: 2 });\n`,
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function bundle(entry: string, plugins: Plugin[]): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    resolve: { alias: { zod: fileURLToPath(import.meta.resolve('zod')) } },
    build: {
      write: false,
      minify: false,
      rolldownOptions: { input: join(root, entry), preserveEntrySignatures: 'strict' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output.map((file) => (file.type === 'chunk' ? file.code : ''))).join('\n');
}

describe('pureContracts', () => {
  it('leaves out the schemas, and zod, when only a list of words is used', async () => {
    const withPlugin = await bundle('list.ts', [pureContracts()]);
    expect(withPlugin).toContain('"open"');
    expect(withPlugin).not.toMatch(/\$constructor|ZodString/);

    // Without it, the property read and the spread keep the schemas (the test can tell).
    expect(await bundle('list.ts', [])).toMatch(/\$constructor|ZodString/);
  });

  it('keeps a used schema working, with the values it reads', async () => {
    const code = await bundle('form.ts', [pureContracts()]);
    const { result } = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as {
      result: { success: boolean; error?: { issues: { message: string }[] } };
    };
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Give a name.');
  });
});
