import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TaskType } from '#domain/tasks/task-rules.ts';

/**
 * Each task type's name, as the task list and the console both show it. It lives with the shared
 * i18n code because the console may not import the tasks feature; its six words therefore ride in
 * the first screen's catalog, which the console loads too (src/app/i18n/i18n.ts).
 */
export const TASK_TYPE_LABELS: Record<TaskType, MessageDescriptor> = {
  regular: msg({ message: 'Regular', context: 'task type' }),
  download: msg({ message: 'Download', context: 'task type' }),
  notification: msg({ message: 'Notifications', context: 'task type' }),
  web: msg({ message: 'Web page', context: 'task type' }),
  video: msg({ message: 'Video', context: 'task type' }),
  survey: msg({ message: 'Survey', context: 'task type' }),
};
