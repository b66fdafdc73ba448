export function precompress(dir: string): { raw: number; br: number };
