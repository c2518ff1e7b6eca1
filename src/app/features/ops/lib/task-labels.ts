import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TaskType } from '#domain/tasks/task-rules.ts';

/** Each task type's name in the console. */
export const TASK_TYPE_LABELS: Record<TaskType, MessageDescriptor> = {
  regular: msg({ message: 'Regular', context: 'task type' }),
  download: msg({ message: 'Download', context: 'task type' }),
  notification: msg({ message: 'Notifications', context: 'task type' }),
  web: msg({ message: 'Web page', context: 'task type' }),
  video: msg({ message: 'Video', context: 'task type' }),
  survey: msg({ message: 'Survey', context: 'task type' }),
};
