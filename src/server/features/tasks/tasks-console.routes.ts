import type { FastifyInstance } from 'fastify';
import {
  ConsoleTaskListResponseSchema,
  ConsoleTaskResponseSchema,
  OPS_TASKS_API,
  TaskDraftSchema,
  TaskEditBodySchema,
  TaskIdReasonBodySchema,
  TaskReorderBodySchema,
} from '#contract/ops-tasks.ts';
import { OpsEmptyResponseSchema } from '#contract/ops.ts';
import { mapOk } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { audited, consoleActor } from '#server/features/ops/ops.service.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { TasksConsole } from './tasks-console.service.ts';

interface TasksConsoleRoutesOptions {
  db: Db;
  clock: Clock;
  tasksConsole: TasksConsole;
}

/** The console's task catalog (docs/operators.md#tasks): each change and its audit entry in one transaction. */
export async function tasksConsoleRoutes(
  app: FastifyInstance,
  { db, clock, tasksConsole }: TasksConsoleRoutesOptions,
) {
  const routes = featureRoutes(app, ['ops']);
  // Every change to the catalog: who may make it, and what it may answer.
  const change = { permission: 'tasks.edit', failures: [400, 404, 409] } as const;

  routes.get(
    OPS_TASKS_API.list,
    {
      summary: 'The task catalog in the order days are picked, with missing languages',
      response: ConsoleTaskListResponseSchema,
    },
    async () => ({ list: await tasksConsole.list(db) }),
  );

  routes.post(
    OPS_TASKS_API.create,
    {
      summary: 'Creates a task, switched off, as its version 1',
      body: TaskDraftSchema,
      response: ConsoleTaskResponseSchema,
      ...change,
    },
    async ({ body, operator, request }) => {
      const now = clock.now();
      return audited(db, consoleActor(operator, request.ip), now, async (tx) =>
        mapOk(await tasksConsole.create(tx, body, now), (task) => ({
          audit: {
            action: 'task.create',
            target: { kind: 'task', id: task.id },
            reason: body.reason || null,
            before: null,
            after: task,
          },
          value: task,
        })),
      );
    },
  );

  routes.post(
    OPS_TASKS_API.edit,
    {
      summary: "Writes a task's next version; days already accepted keep theirs",
      body: TaskEditBodySchema,
      response: ConsoleTaskResponseSchema,
      ...change,
    },
    async ({ body, operator, request }) => {
      const now = clock.now();
      return audited(db, consoleActor(operator, request.ip), now, async (tx) =>
        mapOk(await tasksConsole.edit(tx, body.id, body, now), (change) => ({
          audit: {
            action: 'task.edit',
            target: { kind: 'task', id: body.id },
            reason: body.reason || null,
            ...change,
          },
          value: change.after,
        })),
      );
    },
  );

  for (const [path, enabled] of [
    [OPS_TASKS_API.enable, true],
    [OPS_TASKS_API.disable, false],
  ] as const) {
    routes.post(
      path,
      {
        summary: enabled
          ? 'Switches a task on (only with words in every language)'
          : 'Switches a task off; it leaves days not done yet',
        body: TaskIdReasonBodySchema,
        response: ConsoleTaskResponseSchema,
        ...change,
      },
      async ({ body, operator, request }) =>
        audited(db, consoleActor(operator, request.ip), clock.now(), async (tx) =>
          mapOk(await tasksConsole.setEnabled(tx, body.id, enabled), (change) => ({
            audit: {
              action: enabled ? 'task.enable' : 'task.disable',
              target: { kind: 'task', id: body.id },
              reason: body.reason || null,
              ...change,
            },
            value: change.after,
          })),
        ),
    );
  }

  routes.post(
    OPS_TASKS_API.reorder,
    {
      summary: 'Orders the whole catalog, first task first',
      body: TaskReorderBodySchema,
      response: OpsEmptyResponseSchema,
      ...change,
    },
    async ({ body, operator, request }) =>
      audited(db, consoleActor(operator, request.ip), clock.now(), async (tx) =>
        mapOk(await tasksConsole.reorder(tx, body.ids), (change) => ({
          audit: { action: 'task.reorder', reason: body.reason || null, ...change },
          value: {},
        })),
      ),
  );
}
