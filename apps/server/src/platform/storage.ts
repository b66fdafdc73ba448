import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk today; an object store would implement the same four calls. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Readable>;
  readBuffer(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };
  return {
    async put(key, data) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data);
    },
    async read(key) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path);
    },
    async readBuffer(key) {
      const { readFile } = await import('node:fs/promises');
      return readFile(pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export const storageRoot = (dataDir: string) => join(dataDir, 'uploads');
