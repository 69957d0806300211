-- Prepared turns (issue 30): a seat's next turn, prepared while another plays, kept privately
-- until it is played: the plan (`Game.encode_prepared`), its snapshot of what it depends on, and
-- why it was offered back instead of played (a JSON list; empty while it waits for the turn).
-- Never exported, never in the log until played.
CREATE TABLE prepared (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seat        INTEGER NOT NULL,
    plan        TEXT    NOT NULL,
    snapshot    TEXT    NOT NULL,
    reasons     TEXT    NOT NULL DEFAULT '[]',
    at          TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
