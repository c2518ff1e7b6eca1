-- A device link is approved from one signed-in session; the new device collects its session only while
-- that one is live, so signing the approving device out (or anything that ends it) ends the approval.
ALTER TABLE "pairing_codes" ADD COLUMN "approved_by_session" bigint;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_approved_by_session_sessions_id_fk" FOREIGN KEY ("approved_by_session") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;