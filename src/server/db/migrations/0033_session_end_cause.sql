-- What ended a session early (src/server/db/schema.ts): the device that held it is told why.
ALTER TABLE "sessions" ADD COLUMN "ended_by" text;