import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Summary, summarize } from '../stats.ts';

export type Tool = 'wrk' | 'autocannon';

/** Debian's wrk when installed (C, little CPU taken from the server on a small machine), else autocannon. */
export function pickTool(wanted?: string): Tool {
  if (wanted === 'autocannon') return 'autocannon';
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return 'wrk';
  } catch (e) {
    // wrk --version exits 1 after printing its version; a missing binary throws ENOENT
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return 'wrk';
    if (wanted === 'wrk') throw new Error('wrk is not installed (apt-get install wrk), or use --tool=autocannon');
    return 'autocannon';
  }
}

export type LoadSpec = {
  base: string;
  /** Request paths (with query); cycled through, one per request. */
  paths: string[];
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Bodies cycled through with the paths (POST). */
  bodies?: string[];
  connections: number;
  seconds: number;
};

/** `node` marks the precise one-client loop and the open-loop generator written here. */
export type LoadResult = Summary & {
  errors: number;
  tool: Tool | 'node';
  connections: number;
  seconds: number;
  /** Server CPU time per request in µs (HTTP runs): less sensitive to a busy machine than latency. */
  cpuUs?: number;
};

const single = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** Keep-alive connections for requests sent side by side (open-loop loads). */
export const pool = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One HTTP request on a keep-alive connection; rejects unless the answer is 2xx. */
export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? single }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url} answered ${res.statusCode}: ${body.slice(0, 200)}`));
        else resolve(body);
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const luaString = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function wrkScript(spec: LoadSpec): string {
  const file = join(tmpdir(), `civdesk-bench-${process.pid}-${Date.now()}.lua`);
  const headers = Object.entries(spec.headers ?? {})
    .map(([k, v]) => `wrk.headers[${luaString(k)}] = ${luaString(v)}`)
    .join('\n');
  writeFileSync(
    file,
    `wrk.method = ${luaString(spec.method ?? 'GET')}
${headers}
local paths = {${spec.paths.map(luaString).join(',')}}
local bodies = {${(spec.bodies ?? []).map(luaString).join(',')}}
local i = 0
request = function()
  i = i + 1
  local body = nil
  if #bodies > 0 then body = bodies[(i % #bodies) + 1] end
  return wrk.format(nil, paths[(i % #paths) + 1], nil, body)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"duration":%d,"errors":%d,"status":%d,"p50":%d,"p99":%d,"mean":%f,"max":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), latency.mean, latency.max))
end
`,
  );
  return file;
}

async function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const script = wrkScript(spec);
  const out = await new Promise<string>((resolve, reject) =>
    execFile(
      'wrk',
      ['-t1', `-c${spec.connections}`, `-d${spec.seconds}s`, '--timeout', '10s', '-s', script, spec.base],
      { maxBuffer: 1 << 20 },
      (err, stdout, stderr) => (err ? reject(new Error(`wrk failed: ${stderr || err.message}`)) : resolve(stdout)),
    ),
  );
  const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  const r = JSON.parse(line);
  const seconds = r.duration / 1e6;
  return {
    n: r.requests,
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    mean: r.mean / 1000,
    max: r.max / 1000,
    rps: r.requests / seconds,
    errors: r.errors + r.status,
    tool: 'wrk',
    connections: spec.connections,
    seconds,
  };
}

async function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url: spec.base,
    connections: spec.connections,
    duration: spec.seconds,
    method: spec.method ?? 'GET',
    headers: spec.headers,
    requests: [
      {
        setupRequest: (req) => {
          const k = i++;
          const body = spec.bodies?.length ? spec.bodies[k % spec.bodies.length] : undefined;
          return { ...req, path: spec.paths[k % spec.paths.length], ...(body ? { body } : {}) };
        },
      },
    ],
  });
  return {
    n: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    max: result.latency.max,
    rps: result.requests.total / result.duration,
    errors: result.errors + result.non2xx + result.timeouts,
    tool: 'autocannon',
    connections: spec.connections,
    seconds: result.duration,
  };
}

/** A closed-loop load: `connections` clients, each sending its next request when the last is answered. */
export async function load(tool: Tool, spec: LoadSpec, warmupSeconds = 2): Promise<LoadResult> {
  const run = tool === 'wrk' ? runWrk : runAutocannon;
  if (warmupSeconds > 0) await run({ ...spec, seconds: warmupSeconds });
  return run(spec);
}

/** One client sending requests one after another: precise sub-millisecond latencies at concurrency 1. */
export async function sequentialHttp(
  spec: Omit<LoadSpec, 'connections' | 'seconds'>,
  iterations: number,
  warmup = 200,
): Promise<LoadResult> {
  const send = (i: number) =>
    request(spec.base + spec.paths[i % spec.paths.length], {
      method: spec.method,
      headers: spec.headers,
      body: spec.bodies?.length ? spec.bodies[i % spec.bodies.length] : undefined,
    });
  for (let i = 0; i < warmup; i++) await send(i);
  const lat: number[] = [];
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await send(i);
    lat.push(performance.now() - t);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { ...summarize(lat, seconds), errors: 0, tool: 'node', connections: 1, seconds };
}

/**
 * An open-loop load at a fixed rate (arrivals do not wait for answers), e.g. a wave of sign-ins:
 * the rate is what users do, not what the server manages.
 */
export async function openLoop(send: (i: number) => Promise<unknown>, perSecond: number, seconds: number): Promise<LoadResult> {
  const lat: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  const total = Math.round(perSecond * seconds);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t = performance.now();
    pending.push(
      send(i).then(
        () => void lat.push(performance.now() - t),
        () => void errors++,
      ),
    );
  }
  await Promise.all(pending);
  const s = (performance.now() - t0) / 1000;
  return { ...summarize(lat, s), errors, tool: 'node', connections: 0, seconds: s };
}
