-- Each account gets a lasting id for devices to file its data under: a username or invitation code
-- is given out again after a deletion, this id never (existing accounts get one here).
ALTER TABLE "users" ADD COLUMN "account_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_unique" UNIQUE("account_id");