CREATE TABLE "rule_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "rule_settings_not_retroactive" CHECK ("rule_settings"."effective_at" >= "rule_settings"."created_at")
);
--> statement-breakpoint
CREATE TABLE "task_versions" (
	"task_id" integer NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"reward" bigint NOT NULL,
	"required_seconds" integer NOT NULL,
	"target_url" text,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_versions_task_id_version_pk" PRIMARY KEY("task_id","version"),
	CONSTRAINT "task_versions_reward_whole_drops" CHECK ("task_versions"."reward" > 0 and "task_versions"."reward" % 10 = 0)
);
--> statement-breakpoint
ALTER TABLE "task_days" ADD COLUMN "task_versions" integer[];--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "waiting_days" integer;--> statement-breakpoint
ALTER TABLE "task_versions" ADD CONSTRAINT "task_versions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_settings_name_idx" ON "rule_settings" USING btree ("name","effective_at");--> statement-breakpoint
-- Every task that exists becomes its own version 1, so days accepted before versions keep their terms.
INSERT INTO "task_versions" ("task_id", "version", "type", "reward", "required_seconds", "target_url", "content", "created_at")
  SELECT "id", 1, "type", "reward", "required_seconds", "target_url", "content", now() FROM "tasks";
--> statement-breakpoint
-- A version, once written, is what completions under it were promised: never changed or removed.
CREATE FUNCTION task_versions_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'task versions are never changed (% refused)', TG_OP USING ERRCODE = 'raise_exception';
END
$$;
--> statement-breakpoint
CREATE TRIGGER task_versions_no_change BEFORE UPDATE OR DELETE ON task_versions
  FOR EACH ROW EXECUTE FUNCTION task_versions_frozen();
