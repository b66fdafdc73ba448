export const webDist: string;
export const budgets: { siteJs: number; dashboardJs: number };
/** Each measured load: its compressed (brotli) JS and CSS in bytes, and the JS budget. */
export function webSizes(dist?: string): { name: string; js: number; css: number; budget: number }[];
