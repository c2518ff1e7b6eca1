import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EmptyBodySchema, KnownFailureSchema, successSchema } from '#contract/envelope.ts';
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
import { epochSeconds, type Clock } from '#server/clock.ts';
import { sendFailure, sendOk } from '#server/lib/reply.ts';
import type { IdempotentSender } from '#server/plugins/idempotent.ts';
import { sessionOf } from '#server/plugins/session.ts';
import type { TasksService } from './tasks.service.ts';

interface TasksRoutesOptions {
  tasks: TasksService;
  clock: Clock;
  sendIdempotent: IdempotentSender;
}

const LocaleQuerySchema = z.object({ locale: z.enum(LOCALES).default(SOURCE_LOCALE) });
const failures = { 400: KnownFailureSchema, 401: KnownFailureSchema, 404: KnownFailureSchema };

export async function tasksRoutes(
  app: FastifyInstance,
  { tasks, clock, sendIdempotent }: TasksRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const invalid = { invalidRequestError: 'tasks.id_required' as const };

  api.get(
    API.taskList,
    {
      schema: {
        summary: "Today's tasks with their rules and status",
        tags: ['tasks'],
        querystring: LocaleQuerySchema,
        response: { 200: TaskListResponseSchema, ...failures },
      },
    },
    async (request, reply) =>
      sendOk(reply, await tasks.list(sessionOf(request).userId, request.query.locale)),
  );

  api.post(
    API.taskAccept,
    {
      schema: {
        summary: "Accepts today's challenge",
        tags: ['tasks'],
        body: EmptyBodySchema,
        querystring: LocaleQuerySchema,
        response: { 200: TaskListResponseSchema, ...failures },
      },
    },
    async (request, reply) =>
      sendOk(reply, await tasks.accept(sessionOf(request).userId, request.query.locale)),
  );

  api.post(
    API.taskStart,
    {
      config: invalid,
      schema: {
        summary: 'Records on the server that a task started',
        tags: ['tasks'],
        body: TaskIdBodySchema,
        response: { 200: StartTaskResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const result = await tasks.start(sessionOf(request).userId, request.body.task_id);
      if (!result.ok) return sendFailure(reply, result.error);
      return sendOk(reply, {
        task_id: request.body.task_id,
        started_time: epochSeconds(result.value.startedAt),
        server_time: epochSeconds(clock.now()),
      });
    },
  );

  api.post(
    API.taskComplete,
    {
      config: invalid,
      schema: {
        summary: 'Completes a task and credits its reward (Idempotency-Key required)',
        tags: ['tasks'],
        body: CompleteTaskBodySchema,
        response: {
          200: CompleteTaskResponseSchema,
          409: KnownFailureSchema,
          422: KnownFailureSchema,
          ...failures,
        },
      },
    },
    async (request, reply) => {
      const { userId } = sessionOf(request);
      return sendIdempotent(request, reply, (tx, key) =>
        tasks.complete(tx, userId, request.body.task_id, request.body.answers, key),
      );
    },
  );

  api.post(
    API.taskFail,
    {
      config: invalid,
      schema: {
        summary: 'Marks a task failed; it can be started again',
        tags: ['tasks'],
        body: TaskIdBodySchema,
        response: { 200: successSchema(z.object({})), ...failures },
      },
    },
    async (request, reply) => {
      const result = await tasks.markFailed(sessionOf(request).userId, request.body.task_id);
      if (!result.ok) return sendFailure(reply, result.error);
      return sendOk(reply, {});
    },
  );

  api.get(
    API.taskHistory,
    {
      schema: {
        summary: 'Completed tasks per day over the last week',
        tags: ['tasks'],
        response: { 200: TaskHistoryResponseSchema, ...failures },
      },
    },
    async (request, reply) => sendOk(reply, { days: await tasks.history(sessionOf(request).userId) }),
  );
}
