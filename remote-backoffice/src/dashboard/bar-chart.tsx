import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

// Only the parts these charts draw (Chart.js is tree-shaken by what is registered).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface Series {
  label: string;
  values: number[];
  colour: string;
}

/**
 * A bar chart (Chart.js on a canvas) with its numbers as a table beside it: the table is what a
 * screen reader reads, and what shows where a canvas cannot draw.
 */
export function BarChart({ title, labels, series, format = String }: { title: string; labels: string[]; series: Series[]; format?: (n: number) => string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    const chart = new Chart(context, {
      type: 'bar',
      data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.colour })) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { labels: { color: '#f5f7fb' } } },
        scales: { x: { ticks: { color: '#9aa4bf' } }, y: { beginAtZero: true, ticks: { color: '#9aa4bf' } } },
      },
    });
    return () => chart.destroy();
  }, [labels, series]);

  return (
    <figure className="bo-chart">
      <figcaption className="bo-card__title">{title}</figcaption>
      <div className="bo-chart__canvas">
        <canvas ref={canvas} aria-hidden="true" />
      </div>
      <details>
        <summary>The numbers</summary>
        <table className="bo-table">
          <caption className="bo-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
