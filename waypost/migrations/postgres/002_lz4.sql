-- Game states (up to ~150 KB for an 18-player Mega Civilization) are written on every move, as the
-- row and as an undo snapshot: lz4 compresses them about four times faster than the default pglz.
-- (PostgreSQL 14 or later, built with lz4, as Debian's and the official images are.)
ALTER TABLE games ALTER COLUMN state SET COMPRESSION lz4;
ALTER TABLE snapshots ALTER COLUMN state SET COMPRESSION lz4;
