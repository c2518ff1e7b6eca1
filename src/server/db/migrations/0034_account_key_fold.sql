-- Account names fold the Turkish dotted and dotless i (accountKeyOf in src/domain/auth/credentials.ts).
-- Each group of keys that now fold to one name keeps one account on it: one that already holds the
-- folded key, else the oldest. The others keep the key they had, and sign-in still finds them by the
-- spelling they registered (findUserByAccountKey in src/server/features/auth/auth.repository.ts).
WITH "keys" AS (
  SELECT "id", "username_key" AS "key",
    replace(replace("username_key", U&'i\0307', 'i'), U&'\0131', 'i') AS "folded"
  FROM "users"
), "owners" AS (
  SELECT DISTINCT ON ("folded") "id", "folded"
  FROM "keys"
  ORDER BY "folded", ("key" = "folded") DESC, "id"
)
UPDATE "users" SET "username_key" = "owners"."folded"
FROM "owners"
WHERE "users"."id" = "owners"."id" AND "users"."username_key" <> "owners"."folded";
