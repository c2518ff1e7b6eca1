CREATE TABLE "testimonials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"text" text NOT NULL,
	"masked_name" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "testimonials_status" CHECK ("testimonials"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "usage_counts" (
	"day" text NOT NULL,
	"event" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "usage_counts_day_event_pk" PRIMARY KEY("day","event")
);
--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "testimonials_one_open_per_user" ON "testimonials" USING btree ("user_id") WHERE "testimonials"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "testimonials_status_idx" ON "testimonials" USING btree ("status","created_at");