// The parts of autocannon 9 the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    overallRate?: number;
    requests?: { setupRequest?: (req: Request) => Request }[];
  };
  type Histogram = { average: number; p50: number; p99: number; max: number };
  type Result = {
    latency: Histogram;
    requests: Histogram & { total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  };
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
