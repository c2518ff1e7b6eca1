import type { SVGProps } from 'react';
import type { TaskType } from '#domain/tasks/task-rules.ts';
import { Icon } from './icons.tsx';

// One line icon per kind of task (24×24, currentColor), the same in the list, the sheet and on
// Landing. Decorative: the kind's name always stands beside it.
const PATHS: Record<TaskType, string[]> = {
  regular: ['M5 4h14v16H5z', 'M8.5 9h7M8.5 13h7M8.5 17h4'],
  download: ['M12 4v11', 'm7.5 10.5 4.5 4.5 4.5-4.5', 'M5 19.5h14'],
  notification: ['M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15z', 'M10 20.5a2 2 0 0 0 4 0'],
  web: [
    'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0',
    'M3 12h18',
    'M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3',
  ],
  video: ['M3.5 6.5h12v11h-12z', 'm15.5 10.5 5-3v9l-5-3'],
  survey: [
    'M9 5H6.5A1.5 1.5 0 0 0 5 6.5v13A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-13A1.5 1.5 0 0 0 17.5 5H15',
    'M9 3.5h6v3H9z',
    'm8.5 13 2 2 4-4',
  ],
};

/** The icon of a kind of task. */
export function TaskTypeIcon({ type, ...props }: { type: TaskType } & SVGProps<SVGSVGElement>) {
  return (
    <Icon {...props}>
      {PATHS[type].map((d) => (
        <path key={d} d={d} />
      ))}
    </Icon>
  );
}
