-- Servers keep a signed-in session in memory for a few seconds (src/server/features/auth/session-cache.ts).
-- Whatever ends a session early or closes an account — a sign-out, "sign out everywhere", a ban, a
-- lock, a deletion, an operator's SQL — tells every server process at commit, on the channel
-- `earnest_session_revoked`, with the user's id; each process then forgets that user's sessions.
CREATE FUNCTION earnest_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('earnest_session_revoked', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('earnest_session_revoked', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at
        OR NEW.user_id <> OLD.user_id OR NEW.token_hash <> OLD.token_hash)
  EXECUTE FUNCTION earnest_session_revoked();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION earnest_session_revoked();
--> statement-breakpoint
CREATE TRIGGER account_locks_changed AFTER INSERT OR UPDATE ON account_locks FOR EACH ROW
  EXECUTE FUNCTION earnest_session_revoked();
