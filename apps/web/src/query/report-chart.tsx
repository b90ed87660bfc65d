import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ReportRun } from './api.ts';
import { chartOption } from './chart-option.ts';

// Only the parts a report draws are registered, so the chunk stays as small as ECharts allows;
// this file is loaded only when a report is opened (report-screen.tsx imports it lazily).
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** A report's answer as a chart: the first column the categories, the numeric columns the series. */
export default function ReportChart({ run }: { run: ReportRun }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current);
    chart.setOption(chartOption(run));
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [run]);
  return <div ref={box} data-testid="report-chart" style={{ width: '100%', height: 320 }} />;
}
