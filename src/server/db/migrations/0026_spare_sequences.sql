-- A withdrawal held after a proven expiry gives back the Sequence it kept; the next payments take the
-- spare ones first, so the gap it would leave never keeps later payments waiting.
ALTER TABLE "payout_wallets" ADD COLUMN "spare_sequences" integer[] DEFAULT '{}'::integer[] NOT NULL;