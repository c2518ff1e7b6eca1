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
import { ok } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { consoleActor, recordAudit } from '#server/features/ops/ops.service.ts';
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
  const failures = [400, 404, 409];

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
      permission: 'tasks.edit',
      failures,
    },
    async ({ body, operator, request }) =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const created = await tasksConsole.create(tx, body, now);
        if (!created.ok) return created;
        await recordAudit(
          tx,
          consoleActor(operator, request.ip),
          {
            action: 'task.create',
            target: { kind: 'task', id: created.value.id },
            reason: body.reason || null,
            before: null,
            after: created.value,
          },
          now,
        );
        return created;
      }),
  );

  routes.post(
    OPS_TASKS_API.edit,
    {
      summary: "Writes a task's next version; days already accepted keep theirs",
      body: TaskEditBodySchema,
      response: ConsoleTaskResponseSchema,
      permission: 'tasks.edit',
      failures,
    },
    async ({ body, operator, request }) =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const edited = await tasksConsole.edit(tx, body.id, body, now);
        if (!edited.ok) return edited;
        await recordAudit(
          tx,
          consoleActor(operator, request.ip),
          {
            action: 'task.edit',
            target: { kind: 'task', id: body.id },
            reason: body.reason || null,
            ...edited.value,
          },
          now,
        );
        return ok(edited.value.after);
      }),
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
        permission: 'tasks.edit',
        failures,
      },
      async ({ body, operator, request }) =>
        db.transaction(async (tx) => {
          const now = clock.now();
          const changed = await tasksConsole.setEnabled(tx, body.id, enabled);
          if (!changed.ok) return changed;
          await recordAudit(
            tx,
            consoleActor(operator, request.ip),
            {
              action: enabled ? 'task.enable' : 'task.disable',
              target: { kind: 'task', id: body.id },
              reason: body.reason || null,
              ...changed.value,
            },
            now,
          );
          return ok(changed.value.after);
        }),
    );
  }

  routes.post(
    OPS_TASKS_API.reorder,
    {
      summary: 'Orders the whole catalog, first task first',
      body: TaskReorderBodySchema,
      response: OpsEmptyResponseSchema,
      permission: 'tasks.edit',
      failures,
    },
    async ({ body, operator, request }) =>
      db.transaction(async (tx) => {
        const now = clock.now();
        const reordered = await tasksConsole.reorder(tx, body.ids);
        if (!reordered.ok) return reordered;
        await recordAudit(
          tx,
          consoleActor(operator, request.ip),
          { action: 'task.reorder', reason: body.reason || null, ...reordered.value },
          now,
        );
        return ok({});
      }),
  );
}
