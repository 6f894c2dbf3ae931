import type { ReactNode } from 'react';
import styles from './insights.module.css';

export type FigureRow = { key: string; head: ReactNode; cells: readonly ReactNode[]; headClassName?: string };

/**
 * The accessible table beside a chart (or alone): a scrollable, labelled region with a caption, a
 * column head per figure and a row head per day, minute or content. With `summary` it is folded
 * under a disclosure, as under a chart.
 */
export function FigureTable({ caption, regionLabel = caption, columns, rows, summary }: { caption: string; regionLabel?: string; columns: readonly string[]; rows: readonly FigureRow[]; summary?: string }) {
  const table = (
    <div className={styles.tableScroll} role="region" aria-label={regionLabel} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={row.headClassName}>
                {row.head}
              </th>
              {row.cells.map((cell, index) => (
                <td key={columns[index + 1]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (summary === undefined) return table;
  return (
    <details className={styles.details}>
      <summary>{summary}</summary>
      {table}
    </details>
  );
}
