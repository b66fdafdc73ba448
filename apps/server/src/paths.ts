import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `apps/server/`, whether this runs from the sources (`src/`) or from the build (`dist/`): the two
 * folders sit side by side, so one level up is the same place.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = join(serverRoot, '../..');
