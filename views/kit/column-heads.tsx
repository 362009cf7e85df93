import type { ReactNode } from 'react';

/** The head of a plain table: a column a key, in order, each worded by `label` (a locale lookup). */
export function ColumnHeads({ keys, label }: { keys: readonly string[]; label: (key: string) => ReactNode }) {
  return (
    <thead>
      <tr>
        {keys.map((key) => (
          <th scope="col" key={key}>
            {label(key)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
