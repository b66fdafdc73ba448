export const widgetDist: string;
/** The built widget's gzipped sizes in bytes, each with its budget. */
export function widgetSizes(dist?: string): { name: string; bytes: number; budget: number }[];
