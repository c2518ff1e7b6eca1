CREATE TABLE "rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"number_hash" text NOT NULL,
	"range_hash" text NOT NULL,
	"ip_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_sends" ADD CONSTRAINT "sms_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_counters_window_idx" ON "rate_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sms_sends_user_idx" ON "sms_sends" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_number_idx" ON "sms_sends" USING btree ("number_hash","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_range_idx" ON "sms_sends" USING btree ("range_hash","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_ip_idx" ON "sms_sends" USING btree ("ip_hash","created_at");--> statement-breakpoint
ALTER TABLE "pairing_codes" DROP COLUMN "ip";
--> statement-breakpoint
-- Failed sign-ins now lock a name for unknown devices only (sign_in_attempts); such locks no longer
-- close the account itself, so the ones recorded as account locks are lifted.
UPDATE "account_locks" SET "lifted_at" = now() WHERE "reason" = 'too_many_failed_logins' AND "lifted_at" IS NULL;
--> statement-breakpoint
-- Approved codes nobody collected before their expiry can never be collected now.
UPDATE "pairing_codes" SET "voided_at" = now() WHERE "collected_at" IS NULL AND "expires_at" < now();
--> statement-breakpoint
-- What deleted accounts left behind: addresses and devices on sessions and pairing codes.
UPDATE "sessions" SET "ip" = NULL, "user_agent" = NULL
  WHERE "user_id" IN (SELECT "user_id" FROM "account_locks" WHERE "reason" = 'account_deleted');
--> statement-breakpoint
UPDATE "pairing_codes" SET "user_agent" = NULL, "country" = NULL, "voided_at" = coalesce("voided_at", now())
  WHERE "user_id" IN (SELECT "user_id" FROM "account_locks" WHERE "reason" = 'account_deleted');
