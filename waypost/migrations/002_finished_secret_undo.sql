-- How a finished game ended (NULL while open, or when the host ended it).
ALTER TABLE games ADD COLUMN ending TEXT;
-- The seats of an imported game their players have not claimed yet (JSON list of seat numbers).
ALTER TABLE games ADD COLUMN unclaimed TEXT NOT NULL DEFAULT '[]';
CREATE INDEX games_channel ON games (channel_id, id);

-- What the other players see of a secret entry until it is revealed.
ALTER TABLE log ADD COLUMN public TEXT NOT NULL DEFAULT '';
CREATE INDEX log_undoes ON log (game_id, undoes) WHERE undoes IS NOT NULL;
CREATE INDEX log_reveals ON log (game_id, seq) WHERE reveals = 1;
CREATE INDEX log_actions ON log (game_id, kind, seq);

-- The state before each action that can still be taken back (the trailing run of one player's
-- own actions); older ones are deleted as soon as they cannot be reached.
CREATE TABLE snapshots (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,            -- the log entry the state was taken before
    state       TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- This installation's own values: the key that seals the seed in exports of hidden decks.
CREATE TABLE meta (
    name        TEXT PRIMARY KEY,
    value       TEXT NOT NULL
) WITHOUT ROWID;
INSERT INTO meta (name, value) VALUES ('seal_key', lower(hex(randomblob(32))));
