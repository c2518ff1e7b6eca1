-- Which account an exchange deposit belongs to, kept after the account's deletion (src/server/db/schema.ts).
-- The server fills it from the addresses already saved at its first start (withdraw.service.ts).
CREATE TABLE "destination_holders" (
	"destination" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "destination_holders" ADD CONSTRAINT "destination_holders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;