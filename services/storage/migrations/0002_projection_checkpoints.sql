-- One row per projector: the last global position whose effect is in its read model.
CREATE TABLE projection_checkpoints (
  name       text        PRIMARY KEY,
  position   bigint      NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
