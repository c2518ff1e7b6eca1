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
import { mapOk, type Result } from '#domain/result.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/database.ts';
import { audited, consoleActor, type AuditRecord } from '#server/features/ops/ops.service.ts';
import { featureRoutes } from '#server/lib/routes.ts';
import type { TasksConsole } from './tasks-console.service.ts';

type ConsoleOperator = Parameters<typeof consoleActor>[0];

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

  /**
   * A catalog change and its audit entry in one transaction, at one time: `run` makes the change,
   * `entry` says what the log keeps of it (the operator's reason is added) and what the route answers.
   */
  function auditedChange<T, V, E extends string>(
    {
      body,
      operator,
      request,
    }: { body: { reason: string }; operator: ConsoleOperator; request: { ip: string } },
    run: (tx: Db, now: Date) => Promise<Result<T, E>>,
    entry: (changed: T) => { audit: Omit<AuditRecord, 'reason'>; value: V },
  ) {
    const now = clock.now();
    return audited(db, consoleActor(operator, request.ip), now, async (tx) =>
      mapOk(await run(tx, now), (changed) => {
        const { audit, value } = entry(changed);
        return { audit: { ...audit, reason: body.reason || null }, value };
      }),
    );
  }

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
    (context) =>
      auditedChange(
        context,
        (tx, now) => tasksConsole.create(tx, context.body, now),
        (task) => ({
          audit: { action: 'task.create', target: { kind: 'task', id: task.id }, before: null, after: task },
          value: task,
        }),
      ),
  );

  routes.post(
    OPS_TASKS_API.edit,
    {
      summary: "Writes a task's next version; days already accepted keep theirs",
      body: TaskEditBodySchema,
      response: ConsoleTaskResponseSchema,
      ...change,
    },
    (context) =>
      auditedChange(
        context,
        (tx, now) => tasksConsole.edit(tx, context.body.id, context.body, now),
        (edited) => ({
          audit: { action: 'task.edit', target: { kind: 'task', id: context.body.id }, ...edited },
          value: edited.after,
        }),
      ),
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
      (context) =>
        auditedChange(
          context,
          (tx) => tasksConsole.setEnabled(tx, context.body.id, enabled),
          (switched) => ({
            audit: {
              action: enabled ? 'task.enable' : 'task.disable',
              target: { kind: 'task', id: context.body.id },
              ...switched,
            },
            value: switched.after,
          }),
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
    (context) =>
      auditedChange(
        context,
        (tx) => tasksConsole.reorder(tx, context.body.ids),
        (order) => ({ audit: { action: 'task.reorder', ...order }, value: {} }),
      ),
  );
}
