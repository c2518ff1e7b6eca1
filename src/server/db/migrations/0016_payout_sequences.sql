CREATE TABLE "payout_wallets" (
	"address" text PRIMARY KEY NOT NULL,
	"next_sequence" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_sequence" integer;