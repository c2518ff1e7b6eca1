-- Every amount becomes a whole number of drops (docs/product-rules.md#money-units). The ledger is
-- append-only, so balances with a fraction of a drop are evened out by an appended adjustment that
-- rounds them UP (Earnest pays the difference, never the user); older entries keep their fraction,
-- which is why the ledger's new CHECK is NOT VALID (it holds for every entry from now on).
INSERT INTO "ledger_entries" ("user_id", "kind", "amount", "idempotency_key", "reference", "created_at")
SELECT "id", 'adjustment', 10 - "balance" % 10, 'migration:whole-drops', 'whole-drops', now()
FROM "users" WHERE "balance" % 10 <> 0;--> statement-breakpoint
-- Task rewards are the operator's configuration, not money records: a fraction of a drop is rounded up.
UPDATE "tasks" SET "reward" = "reward" + (10 - "reward" % 10) % 10 WHERE "reward" % 10 <> 0;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_whole_drops" CHECK ("ledger_entries"."amount" % 10 = 0) NOT VALID;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_reward_whole_drops" CHECK ("tasks"."reward" > 0 and "tasks"."reward" % 10 = 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_balance_whole_drops" CHECK ("users"."balance" % 10 = 0);
