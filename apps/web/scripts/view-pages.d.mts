export function writeViewPages(
  dist: string,
  views: readonly string[],
  frames?: Record<string, string>,
): number;
export function hoistFrameStyles(frame: string): { head: string; body: string };
