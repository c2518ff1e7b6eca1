import { useRefetchingMutation } from '#app/lib/api-query.ts';
import {
  ConsoleTaskListResponseSchema,
  ConsoleTaskResponseSchema,
  OPS_TASKS_API,
  type TaskDraft,
} from '#contract/ops-tasks.ts';
import { OpsEmptyResponseSchema } from '#contract/ops.ts';
import { opsRequest } from './ops-http.ts';
import { opsKeys, opsQueryOptions } from './ops-queries.ts';

const tasksKey = () => [...opsKeys.all, 'tasks'] as const;

export const consoleTasksQueryOptions = () =>
  opsQueryOptions(tasksKey(), OPS_TASKS_API.list, ConsoleTaskListResponseSchema);

/** Every change answers with the task as stored; the list is read again (its order may have moved). */
function useTaskChange<I>(send: (input: I) => Promise<unknown>) {
  return useRefetchingMutation(send, tasksKey(), 'success');
}

export const useCreateTask = () =>
  useTaskChange((draft: TaskDraft) =>
    opsRequest(OPS_TASKS_API.create, ConsoleTaskResponseSchema, { method: 'POST', json: draft }),
  );

export const useEditTask = () =>
  useTaskChange((input: TaskDraft & { id: number }) =>
    opsRequest(OPS_TASKS_API.edit, ConsoleTaskResponseSchema, { method: 'POST', json: input }),
  );

export const useSwitchTask = () =>
  useTaskChange(({ id, enabled }: { id: number; enabled: boolean }) =>
    opsRequest(enabled ? OPS_TASKS_API.enable : OPS_TASKS_API.disable, ConsoleTaskResponseSchema, {
      method: 'POST',
      json: { id },
    }),
  );

export const useReorderTasks = () =>
  useTaskChange((ids: number[]) =>
    opsRequest(OPS_TASKS_API.reorder, OpsEmptyResponseSchema, { method: 'POST', json: { ids } }),
  );
