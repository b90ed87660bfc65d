// Pure helpers: percentiles, summaries, ratios and the pass/short verdicts of the targets.

/** The q-th percentile (0–100) of sorted values, nearest-rank (always a measured value). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (q <= 0) return sorted[0];
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type Summary = { n: number; p50: number; p99: number; mean: number; max: number; rps: number };

/** Latencies in ms over a run of `seconds` → count, p50, p99, mean, max and requests per second. */
export function summarize(latencies: readonly number[], seconds: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const n = sorted.length;
  const mean = n ? sorted.reduce((s, v) => s + v, 0) / n : Number.NaN;
  return {
    n,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean,
    max: n ? sorted[n - 1] : Number.NaN,
    rps: seconds > 0 ? n / seconds : Number.NaN,
  };
}

export function median(values: readonly number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** How far apart repeated measurements are: (max − min) / median, 0 for a single one. */
export function spread(values: readonly number[]): number {
  const ok = values.filter((v) => Number.isFinite(v));
  if (ok.length < 2) return 0;
  const m = median(ok);
  return m === 0 ? 0 : (Math.max(...ok) - Math.min(...ok)) / m;
}

/** a / b, NaN when b is 0 or either is missing. */
export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : Number.NaN;
}

export type Verdict = 'pass' | 'short' | 'n/a';
export type Target = {
  id: string;
  /** What is held to the line, in words. */
  what: string;
  value: number;
  op: '<=' | '>=';
  limit: number;
  unit: string;
  verdict: Verdict;
  note?: string;
};

/** A target's verdict: pass when the measured value is on the right side of the line, n/a when unmeasured. */
export function judge(t: Omit<Target, 'verdict'>): Target {
  const verdict: Verdict = !Number.isFinite(t.value) ? 'n/a' : (t.op === '<=' ? t.value <= t.limit : t.value >= t.limit) ? 'pass' : 'short';
  return { ...t, verdict };
}

/** Per-statement-wave replay time: the slowest statement of each wave, summed over waves. */
export function wavesTime(waves: readonly (readonly number[])[]): number {
  return waves.reduce((s, w) => s + (w.length ? Math.max(...w) : 0), 0);
}

/** Groups statements into waves: a statement issued while another was still running joins its wave. */
export function groupWaves<T extends { wave: number }>(statements: readonly T[]): T[][] {
  const out = new Map<number, T[]>();
  for (const s of statements) out.set(s.wave, [...(out.get(s.wave) ?? []), s]);
  return [...out.keys()].sort((a, b) => a - b).map((k) => out.get(k) as T[]);
}

/** A number for a table cell: fixed decimals, '–' when missing. */
export function fmt(v: number | undefined, digits = 1): string {
  return v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(digits);
}
