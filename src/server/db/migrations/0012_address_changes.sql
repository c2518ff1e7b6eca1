CREATE TABLE "address_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"old_address" text NOT NULL,
	"old_tag" text NOT NULL,
	"new_address" text NOT NULL,
	"new_tag" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"hold_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "address_changes" ADD CONSTRAINT "address_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_changes_user_idx" ON "address_changes" USING btree ("user_id","created_at");