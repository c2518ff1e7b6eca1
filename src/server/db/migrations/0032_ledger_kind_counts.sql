CREATE TABLE "ledger_count_deltas" (
	"kind" text NOT NULL,
	"entries" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_kind_counts" (
	"kind" text PRIMARY KEY NOT NULL,
	"entries" bigint NOT NULL
);
--> statement-breakpoint
-- Every insert into the ledger adds a row of what it added, per kind, in its statement's trigger;
-- the periodic pass folds those rows into ledger_kind_counts (src/server/ledger/ledger.ts).
CREATE FUNCTION ledger_entries_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_count_deltas (kind, entries) SELECT kind, count(*) FROM added GROUP BY kind;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_count AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_count();
--> statement-breakpoint
-- The entries already there, counted once. The trigger above holds off other inserts until this
-- migration commits, so none is counted twice or missed.
INSERT INTO ledger_kind_counts (kind, entries) SELECT kind, count(*) FROM ledger_entries GROUP BY kind;
