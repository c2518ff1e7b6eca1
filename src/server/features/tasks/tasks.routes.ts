import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { EmptyBodySchema, successSchema } from '#contract/envelope.ts';
import { API } from '#contract/paths.ts';
import {
  CompleteTaskBodySchema,
  CompleteTaskResponseSchema,
  StartTaskResponseSchema,
  TaskHistoryResponseSchema,
  TaskIdBodySchema,
  TaskListResponseSchema,
} from '#contract/tasks.ts';
import { LOCALES, SOURCE_LOCALE } from '#domain/i18n/locales.ts';
import { mapOk, ok } from '#domain/result.ts';
import { epochSeconds, type Clock } from '#server/clock.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import type { TasksService } from './tasks.service.ts';

interface TasksRoutesOptions {
  tasks: TasksService;
  clock: Clock;
  sendIdempotent: IdempotentSender;
}

const LocaleQuerySchema = z.object({ locale: z._default(z.enum(LOCALES), SOURCE_LOCALE) });
const failures = [400, 404];
/** A request without a usable task id says so; a fault elsewhere (answers, day) gets the generic message. */
const invalidRequestError = { task_id: 'tasks.id_required' } as const;

export async function tasksRoutes(
  app: FastifyInstance,
  { tasks, clock, sendIdempotent }: TasksRoutesOptions,
) {
  const routes = featureRoutes(app, ['tasks'], sendIdempotent);

  routes.get(
    API.taskList,
    {
      summary: "Today's tasks with their rules and status",
      query: LocaleQuerySchema,
      response: TaskListResponseSchema,
      failures,
    },
    ({ userId, query }) => tasks.list(userId, query.locale),
  );

  routes.post(
    API.taskAccept,
    {
      summary: "Accepts today's challenge",
      body: EmptyBodySchema,
      query: LocaleQuerySchema,
      response: TaskListResponseSchema,
      failures,
    },
    async ({ userId, query }) => ok(await tasks.accept(userId, query.locale)),
  );

  routes.post(
    API.taskStart,
    {
      summary: 'Records on the server that a task started',
      body: TaskIdBodySchema,
      response: StartTaskResponseSchema,
      invalidRequestError,
      failures,
    },
    async ({ userId, body }) =>
      mapOk(await tasks.start(userId, body.task_id), ({ startedAt }) => ({
        task_id: body.task_id,
        started_time: epochSeconds(startedAt),
        server_time: epochSeconds(clock.now()),
      })),
  );

  routes.money(
    API.taskComplete,
    {
      summary: 'Completes a task and credits its reward (Idempotency-Key required)',
      body: CompleteTaskBodySchema,
      response: CompleteTaskResponseSchema,
      invalidRequestError,
      // The release before drops `day`: a retry that meets the other release is the same completion.
      fingerprintOmits: ['day'],
      failures: [...failures, 409, 422],
    },
    (tx, { userId, body, idempotencyKey }) =>
      tasks.complete(
        tx,
        userId,
        { taskId: body.task_id, answers: body.answers, day: body.day },
        idempotencyKey,
      ),
  );

  routes.post(
    API.taskFail,
    {
      summary: 'Marks a task failed; it can be started again',
      body: TaskIdBodySchema,
      response: successSchema(z.object({})),
      invalidRequestError,
      failures,
    },
    async ({ userId, body }) => mapOk(await tasks.markFailed(userId, body.task_id), () => ({})),
  );

  routes.get(
    API.taskHistory,
    { summary: 'Completed tasks per day over the last week', response: TaskHistoryResponseSchema, failures },
    async ({ userId }) => ({ days: await tasks.history(userId) }),
  );
}
