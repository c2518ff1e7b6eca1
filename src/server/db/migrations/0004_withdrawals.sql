CREATE TABLE "ad_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"withdrawal_id" bigint NOT NULL,
	"day" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"reduced_hours" integer
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"address" text NOT NULL,
	"tag" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reduced_hours" integer DEFAULT 0 NOT NULL,
	"tx_blob" text,
	"tx_hash" text,
	"last_ledger_sequence" integer,
	"delivered_amount" bigint,
	"failure_reason" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('processing', 'transferring', 'failed', 'success')),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "ledger_entries_once_per_reference";--> statement-breakpoint
ALTER TABLE "ad_sessions" ADD CONSTRAINT "ad_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sessions" ADD CONSTRAINT "ad_sessions_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_sessions_once_per_day" ON "ad_sessions" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_open_per_user" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" in ('processing', 'transferring');--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_time_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once_per_reference" ON "ledger_entries" USING btree ("user_id","kind","reference") WHERE "ledger_entries"."kind" in ('task', 'interest', 'gift', 'phone_bonus', 'withdrawal', 'refund');