import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const SUFFIX = '?plain';
const PREFIX = '@mui/icons-material/';
const VIRTUAL = '\0plain-icon:';
/** Each icon module of the package makes its component with this import; a plain icon swaps it. */
const MUI_FACTORY = 'import createSvgIcon from "./utils/createSvgIcon.mjs";';
/** What draws a plain icon instead. */
const PLAIN_FACTORY = join(import.meta.dirname, 'src/components/plain-icon/plain-icon.tsx');

/**
 * `import Inbox from '@mui/icons-material/InboxOutlined?plain'`: the same Material icon, drawn by a
 * plain `<svg>` (src/components/plain-icon) instead of MUI's SvgIcon, so a screen built from static
 * CSS loads neither MUI's styling engine nor its theme for its icons. The icon's own module is read
 * from the package as it is and only its factory is replaced: the paths stay the package's.
 */
export function plainIcons(): Plugin {
  const icons = dirname(createRequire(import.meta.url).resolve(`${PREFIX}package.json`));
  return {
    name: 'balas-plain-icons',
    enforce: 'pre',
    resolveId(source) {
      if (!source.startsWith(PREFIX) || !source.endsWith(SUFFIX)) return null;
      const name = source.slice(PREFIX.length, -SUFFIX.length);
      if (!/^[A-Za-z0-9]+$/.test(name)) throw new Error(`Not an icon's name: ${source}`);
      return `${VIRTUAL}${name}`;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const name = id.slice(VIRTUAL.length);
      const file = join(icons, `${name}.mjs`);
      const source = await readFile(file, 'utf8');
      if (!source.includes(MUI_FACTORY)) throw new Error(`${file} does not make its icon as expected`);
      return source.replace(MUI_FACTORY, `import { createSvgIcon } from ${JSON.stringify(PLAIN_FACTORY)};`);
    },
  };
}
