-- Account names fold the Turkish dotted and dotless i (accountKeyOf in src/domain/auth/credentials.ts,
-- which this folds alike: ı to i, an i's dots above to none, then NFKC).
-- Each group of keys that now fold to one name keeps one account on it: one that already holds the
-- folded key, else the oldest. The others keep the key they had, and sign-in still finds them by the
-- spelling they registered (findUserByAccountKey in src/server/features/auth/auth.repository.ts).
-- Sign-in tries are counted under a hash of the key: an account whose key folds starts from none.
WITH "keys" AS (
  SELECT "id", "username_key" AS "key",
    normalize(regexp_replace(replace("username_key", U&'\0131', 'i'), U&'i\0307+', 'i', 'g'), NFKC) AS "folded"
  FROM "users"
), "owners" AS (
  SELECT DISTINCT ON ("folded") "id", "folded"
  FROM "keys"
  ORDER BY "folded", ("key" = "folded") DESC, "id"
)
UPDATE "users" SET "username_key" = "owners"."folded"
FROM "owners"
WHERE "users"."id" = "owners"."id" AND "users"."username_key" <> "owners"."folded";
