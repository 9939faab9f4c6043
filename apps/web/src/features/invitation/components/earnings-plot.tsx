import type { EarningsSeries } from '@wallet/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

type Props = { series: EarningsSeries; currency: string; label: string };

const HEIGHT = 180;

/**
 * The 30-day earnings of one currency as bars, drawn by uPlot. Amounts become numbers here only to
 * place pixels; every figure a member reads elsewhere is the exact string the server sent.
 */
export default function EarningsPlot({ series, currency, label }: Props) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const days = series.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const values = series.days.map((d) => Number(d.amounts[currency] ?? '0'));
    const accent = getComputedStyle(element).getPropertyValue('--adm-color-primary').trim() || '#1677ff';
    const plot = new uPlot(
      {
        width: element.clientWidth || 340,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { stroke: '#8a94a6', grid: { show: false }, ticks: { show: false }, font: '11px sans-serif', space: 60 },
          { stroke: '#8a94a6', grid: { stroke: '#eef0f4' }, ticks: { show: false }, font: '11px sans-serif', size: 48 },
        ],
        series: [
          {},
          {
            label: currency,
            stroke: accent,
            fill: `${accent}55`,
            width: 1,
            paths: uPlot.paths.bars?.({ size: [0.7, 12] }),
            points: { show: false },
          },
        ],
      },
      [days, values],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, currency]);

  return <div ref={box} role="img" aria-label={label} data-testid="earnings-chart" />;
}
