declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    requests?: {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (req: {
        path: string;
        method?: string;
        body?: string;
        headers?: Record<string, string>;
      }) => { path: string; method?: string; body?: string; headers?: Record<string, string> };
    }[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
