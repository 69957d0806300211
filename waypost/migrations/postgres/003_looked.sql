-- What each member last read of a game with /game since: the number of the newest entry shown.
CREATE TABLE looked (
    game_id     BIGINT  NOT NULL REFERENCES games (id),
    user_id     BIGINT  NOT NULL,
    seq         INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
