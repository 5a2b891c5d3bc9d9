-- My tasks: what waits for whom, derived from the log. `task_records` holds the facts of each record a task can
-- come from (one row per record: a change order, a customer, a paper-copy request, the audit trail's reviews),
-- `position` the last log position folded into it; `tasks` the open tasks those facts give, replaced together
-- whenever a record changes. Time-dependent rules (a review date coming near, an information task running out,
-- the audit-review cadence) are applied when the tasks are read, never stored.
CREATE TABLE task_records (
  id        text   PRIMARY KEY,
  state     jsonb  NOT NULL,
  position  bigint NOT NULL
);

CREATE TABLE tasks (
  id              text        PRIMARY KEY,
  kind            text        NOT NULL,
  record_key      text        NOT NULL,
  record_id       text        NOT NULL,
  record_number   text        NOT NULL,
  title           text        NOT NULL,
  detail          text,
  -- One assignee, or (null) any ADMIN but the excluded users.
  assignee_id     text,
  requires_admin  boolean     NOT NULL,
  excluded_ids    text[]      NOT NULL DEFAULT '{}',
  since           timestamptz NOT NULL,
  due_date        date,
  visible_from    date,
  visible_until   timestamptz
);
-- A record's tasks are replaced together.
CREATE INDEX tasks_record_key ON tasks (record_key);
-- A user's own tasks, and the tasks of any ADMIN.
CREATE INDEX tasks_assignee ON tasks (assignee_id) WHERE assignee_id IS NOT NULL;
CREATE INDEX tasks_any_admin ON tasks (since) WHERE assignee_id IS NULL;
