import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '#contract/paths.ts';
import { successSchema } from '#contract/envelope.ts';
import {
  CompleteTaskResponseSchema,
  StartTaskResponseSchema,
  TaskHistoryResponseSchema,
  TaskListResponseSchema,
} from '#contract/tasks.ts';
import { z } from 'zod/mini';
import { apiRequest } from '#app/lib/http.ts';
import { apiQueryOptions } from '#app/lib/api-query.ts';
import { invalidateMoney, queryKeys } from '#app/lib/query-keys.ts';
import { usageCounts } from '#app/lib/usage-counts.ts';
import { postMoney, useMoneyMutation } from '#app/lib/money-mutation.ts';

export const taskKeys = queryKeys.tasks;

export const taskHistoryQueryOptions = () =>
  apiQueryOptions(taskKeys.history(), API.taskHistory, TaskHistoryResponseSchema, { pick: (d) => d.days });

export const taskListQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: taskKeys.list(locale),
    queryFn: () => apiRequest(API.taskList, TaskListResponseSchema, { searchParams: { locale } }),
    // The list shows the day's state (started, done); it is refetched after every change anyway.
    staleTime: 30_000,
  });

/** Anything a task action changes: the list, the balance, the interest offer. */
function useRefreshAfterTask() {
  const queryClient = useQueryClient();
  return () => invalidateMoney(queryClient);
}

export function useAcceptDay(locale: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(API.taskAccept, TaskListResponseSchema, { method: 'post', searchParams: { locale } }),
    onSuccess: (list) => queryClient.setQueryData(taskKeys.list(locale), list),
  });
}

export function useStartTask() {
  const refresh = useRefreshAfterTask();
  return useMutation({
    mutationFn: (taskId: number) =>
      apiRequest(API.taskStart, StartTaskResponseSchema, { method: 'post', json: { task_id: taskId } }),
    onSuccess: () => {
      usageCounts.count('task_started');
      return refresh();
    },
  });
}

/** Completes the run of `day` (the task list's day): kept offline past midnight, it still counts for it. */
export function useCompleteTask() {
  return useMoneyMutation(
    ({ taskId, day, answers }: { taskId: number; day: string; answers?: Record<string, string> }) =>
      postMoney(API.taskComplete, CompleteTaskResponseSchema, {
        task_id: taskId,
        day,
        ...(answers ? { answers } : {}),
      }),
  );
}

export function useFailTask() {
  const refresh = useRefreshAfterTask();
  return useMutation({
    mutationFn: (taskId: number) =>
      apiRequest(API.taskFail, successSchema(z.object({})), { method: 'post', json: { task_id: taskId } }),
    onSettled: refresh,
  });
}
