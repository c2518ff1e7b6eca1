#!/bin/sh
# A dump of the Earnest database (docs/deploy.md#backups): pg_dump's custom format, written under a
# temporary name and renamed when complete, so a half-written dump is never mistaken for a backup.
# Dumps older than KEEP_DAYS are removed. Run by earnest-backup.service as the postgres user, or by
# hand:  BACKUP_DIR=/tmp/x DATABASE=earnest deploy/backup.sh
# DATABASE may be a database name or a postgres:// URL.
set -eu
BACKUP_DIR="${BACKUP_DIR:-/var/backups/earnest}"
KEEP_DAYS="${KEEP_DAYS:-14}"
DATABASE="${DATABASE:-earnest}"

mkdir -p "$BACKUP_DIR"
file="$BACKUP_DIR/earnest-$(date -u +%Y-%m-%dT%H%M%SZ).dump"
pg_dump --format=custom --no-owner --file "$file.partial" --dbname "$DATABASE"
# A dump that pg_restore cannot list is not a backup.
pg_restore --list "$file.partial" > /dev/null
mv "$file.partial" "$file"
find "$BACKUP_DIR" -name 'earnest-*.dump' -mtime +"$KEEP_DAYS" -delete
echo "$file"
