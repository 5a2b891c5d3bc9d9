import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Projection } from '../projection';
import { evolveRecord, recordKeyOf, TASK_EVENT_TYPES, type TaskRecord } from './records';
import { tasksOf } from './task-rows';

interface TaskRecordRow {
  id: string;
  state: TaskRecord;
  position: number | string;
}

/**
 * My tasks: per record, the facts its tasks need (`task_records`), and the open tasks they
 * give (`tasks`). Set-based: a batch reads the records it touches in one query, folds its events into them in memory
 * (`evolveRecord`, skipping what a record already applied: a record follows its log position, since the audit trail's
 * record is begun by another stream's event), writes them back in one upsert, and replaces their tasks in two
 * statements.
 */
export const tasksProjection: Projection = {
  name: 'tasks',
  tables: ['task_records', 'tasks'],
  handles: new Set(TASK_EVENT_TYPES),
  migrations: () => migrationsFromDirectory('projections/tasks', new URL('./migrations', import.meta.url).pathname),
  async applyBatch(tx, events) {
    if (events.length === 0) return;
    const keys = [...new Set(events.map(recordKeyOf))];
    const { rows } = await tx.query<TaskRecordRow>('SELECT id, state, position FROM task_records WHERE id = ANY($1)', [keys]);
    const records = new Map(rows.map((row) => [row.id, { state: row.state, position: Number(row.position) }]));
    const changed = new Set<string>();
    for (const event of events) {
      const key = recordKeyOf(event);
      const current = records.get(key);
      if (current && event.position <= current.position) continue;
      const next = evolveRecord(current?.state, event);
      if (next === undefined) continue;
      records.set(key, { state: next, position: event.position });
      changed.add(key);
    }
    if (changed.size === 0) return;
    const written = [...changed].map((id) => ({ id, ...records.get(id)! }));
    await tx.query(
      `INSERT INTO task_records SELECT * FROM jsonb_populate_recordset(NULL::task_records, $1::jsonb)
       ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, position = EXCLUDED.position`,
      [JSON.stringify(written)],
    );
    await tx.query('DELETE FROM tasks WHERE record_key = ANY($1)', [[...changed]]);
    const tasks = written.flatMap((record) => tasksOf(record.id, record.state));
    if (tasks.length > 0) await tx.query('INSERT INTO tasks SELECT * FROM jsonb_populate_recordset(NULL::tasks, $1::jsonb)', [JSON.stringify(tasks)]);
  },
};
