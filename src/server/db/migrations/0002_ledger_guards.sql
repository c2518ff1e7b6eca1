-- The ledger is append-only: no UPDATE, DELETE or TRUNCATE of an entry, whoever asks.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (% refused)', TG_OP USING ERRCODE = 'raise_exception';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Every entry moves the cached balance in the same transaction; the balance's CHECK (>= 0) then
-- refuses an entry that would overdraw it, and the whole insert fails.
CREATE FUNCTION ledger_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('earnest.ledger_write', 'on', true);
  UPDATE users SET balance = balance + NEW.amount WHERE id = NEW.user_id;
  PERFORM set_config('earnest.ledger_write', 'off', true);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply();
--> statement-breakpoint
-- Only the ledger moves a balance: a direct UPDATE of users.balance is refused.
CREATE FUNCTION users_balance_only_by_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance
     AND coalesce(current_setting('earnest.ledger_write', true), 'off') <> 'on' THEN
    RAISE EXCEPTION 'balances change only through ledger entries' USING ERRCODE = 'raise_exception';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_balance_only_by_ledger BEFORE UPDATE OF balance ON users
  FOR EACH ROW EXECUTE FUNCTION users_balance_only_by_ledger();
