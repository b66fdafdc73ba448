import { describe, expect, it } from 'vitest';
import { plainIcons } from './plain-icons-plugin.ts';

const plugin = plainIcons();
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const resolveId = (source: string) => (plugin.resolveId as Hook).call({}, source, undefined, {});
const load = async (id: string) => (await (plugin.load as Hook).call({}, id)) as string | null;

describe('plainIcons', () => {
  it("reads the package's icon and draws it with the plain factory, without MUI's", async () => {
    const id = resolveId('@mui/icons-material/InboxOutlined?plain') as string;
    const code = await load(id);
    expect(code).toContain('M19 3H5c-1.1 0-2 .9-2 2v14');
    expect(code).toMatch(/import \{ createSvgIcon \} from ".*src\/components\/plain-icon\/plain-icon\.tsx";/);
    expect(code).not.toMatch(/utils\/createSvgIcon|@mui\/material/);
  });

  it('leaves every other import alone and refuses what is not an icon name', async () => {
    expect(resolveId('@mui/icons-material/InboxOutlined')).toBeNull();
    expect(resolveId('@mui/material/Button?plain')).toBeNull();
    expect(await load('/src/app.tsx')).toBeNull();
    expect(() => resolveId('@mui/icons-material/../material/Button?plain')).toThrow(/Not an icon's name/);
  });
});
