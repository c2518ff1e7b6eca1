-- The periodic prune of old keys reads only the rows it deletes (src/server/lib/idempotency.ts).
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");