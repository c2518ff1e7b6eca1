import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DashboardDay } from '#contract/ops-dashboard.ts';
import { formatXrp } from '#app/lib/format.ts';

/**
 * The last 30 days as two lines (credits, withdrawals paid), drawn by uPlot. The exact figures are in
 * the table beside it: the chart only shows their shape, so plotting them as floats loses nothing.
 */
export default function DashboardChart({ days }: { days: DashboardDay[] }) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000);
    const credited = days.map((day) => Number(day.credited));
    const paid = days.map((day) => Number(day.paid));
    const style = getComputedStyle(element);
    const brand = style.getPropertyValue('--color-brand').trim() || '#0b6e4f';
    const other = style.getPropertyValue('--color-text-muted').trim() || '#555';
    const dayFormat = new Intl.DateTimeFormat(i18n.locale, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 240,
        scales: { x: { time: false } },
        // The legend names the lines; the exact figures are in the table below.
        legend: { live: false },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => dayFormat.format(new Date(tick * 1000))) },
          {
            values: (_u, ticks) => ticks.map((tick) => formatXrp(String(tick), { maxDecimals: 2 })),
            size: 70,
          },
        ],
        series: [
          {
            label: t`Day`,
            value: (_u, value) => (value == null ? '' : dayFormat.format(new Date(value * 1000))),
          },
          {
            label: t`Credited (XRP)`,
            stroke: brand,
            width: 2,
            value: (_u, v) => (v == null ? '' : formatXrp(String(v))),
          },
          {
            label: t`Withdrawals paid (XRP)`,
            stroke: other,
            width: 2,
            dash: [6, 4],
            value: (_u, v) => (v == null ? '' : formatXrp(String(v))),
          },
        ],
      },
      [xs, credited, paid],
      element,
    );
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, element.clientWidth), height: 240 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, t, i18n.locale]);
  return <div ref={box} className="ops-chart" dir="ltr" data-testid="dashboard-chart" />;
}
