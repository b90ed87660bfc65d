import type { ReportRun } from './api.ts';

const isNumber = (v: unknown) => v !== null && v !== '' && Number.isFinite(Number(v));

/** The columns a chart can draw: those whose every value is a number (the first column is the categories). */
export function numericColumns(run: Pick<ReportRun, 'columns' | 'rows'>): string[] {
  return run.columns.slice(1).filter((c) => run.rows.length > 0 && run.rows.every((r) => isNumber(r[c])));
}

/** The ECharts option of a report (kept apart from the chart so it is tested without a canvas). */
export function chartOption(run: ReportRun): Record<string, unknown> {
  const [category] = run.columns;
  const names = run.rows.map((r) => String(r[category] ?? ''));
  const series = numericColumns(run);
  if (run.chartType === 'pie') {
    const [first] = series;
    return {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', name: first, radius: '60%', data: run.rows.map((r, i) => ({ name: names[i], value: Number(r[first]) })) }],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 48, right: 24, top: 24, bottom: 48 },
    xAxis: { type: 'category', data: names },
    yAxis: { type: 'value' },
    series: series.map((c) => ({ type: run.chartType, name: c, data: run.rows.map((r) => Number(r[c])) })),
  };
}
