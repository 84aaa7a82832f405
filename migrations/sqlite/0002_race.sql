-- The daily race: the secret every server draws the day's boards from (made once, by whichever
-- server needs it first), each day's boards with their shortest known lengths, each player's
-- start (its token, and the server's clock) and entry.
CREATE TABLE race_secret (
    id BIGINT PRIMARY KEY,
    secret TEXT NOT NULL
);

CREATE TABLE race_boards (
    day TEXT NOT NULL,
    size TEXT NOT NULL,
    board TEXT NOT NULL,
    optimal BIGINT,
    best_known BIGINT,
    PRIMARY KEY (day, size)
);

CREATE TABLE race_starts (
    player BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    size TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    started BIGINT NOT NULL,
    finished BIGINT,
    PRIMARY KEY (player, day, size)
);

CREATE TABLE race_entries (
    player BIGINT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    size TEXT NOT NULL,
    millis REAL NOT NULL,
    moves BIGINT NOT NULL,
    finished BIGINT NOT NULL,
    looked REAL NOT NULL,
    replay TEXT NOT NULL,
    PRIMARY KEY (player, day, size)
);
CREATE INDEX race_entries_ranked ON race_entries (day, size, millis, moves, finished, player);
