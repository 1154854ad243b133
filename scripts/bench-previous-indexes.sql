-- The benchmark's "previous index set": turns a database of this version into the index set fpdb
-- had before the index design (README "Indexes"): BoardCards and
-- HandsActions keyed by their ids, HandsActions also indexed by (handPlayerId, street, actionNo).
-- Only for scripts/bench.sh, which measures both sets in one run; never for a user's database.
ALTER TABLE fpdb.BoardCards DROP CONSTRAINT boardcards_pkey,
    ADD CONSTRAINT boardcards_pkey PRIMARY KEY (id),
    ADD CONSTRAINT boardcards_handid_boardno_key UNIQUE (handId, boardNo);
ALTER TABLE fpdb.HandsActions DROP CONSTRAINT handsactions_pkey,
    ADD CONSTRAINT handsactions_pkey PRIMARY KEY (id);
CREATE INDEX handsactions_handplayer_idx ON fpdb.HandsActions (handPlayerId, street, actionNo);
-- The new constraints are fpdb's own, so the import still writes rows directly.
SELECT fpdb._record_own_objects();
