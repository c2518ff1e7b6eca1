-- Two reads that grew with the data: a user's entries newest first, and who verified a number first (src/server/db/schema.ts).
CREATE INDEX "ledger_entries_user_id_idx" ON "ledger_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "verified_phones_phone_idx" ON "verified_phones" USING btree ("phone","verified_at","user_id");