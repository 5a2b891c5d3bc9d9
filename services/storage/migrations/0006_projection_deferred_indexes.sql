-- Indexes a projection's rebuild dropped, to be built again once its replay is done (see `rebuild`): kept in the
-- database, so that a rebuild cut short by a crash gets its indexes back at the next start.
CREATE TABLE projection_deferred_indexes (
  projection  text NOT NULL,
  name        text NOT NULL,
  definition  text NOT NULL,
  PRIMARY KEY (projection, name)
);
