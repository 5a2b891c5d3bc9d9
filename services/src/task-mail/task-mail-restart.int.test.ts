import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { electionFor } from '@ifu/projections';
import { skipWithoutServer } from '../../../test-support/test-database';
import type { AppContext } from '../platform/app-context';
import { TaskMailReactor } from './reactor';
import { startTaskMailApi, type TaskMailApi, taskMailSteps } from './task-mail-api.fixtures';

/**
 * A restart neither loses nor repeats a mail: each test starts reactors of its own on the file's database (as API
 * processes start one each), in the projections' election where the database is a PostgreSQL server, and stops
 * them as a process stops. The file's own API never runs its reactor here.
 */
describe('task mail: a restart neither loses nor repeats a mail', () => {
  let api: TaskMailApi;
  // The arrangement signs a customer's approval: on a busy machine it may take longer than the default hook time.
  beforeAll(async () => {
    api = await startTaskMailApi();
    // The arrangement's own mails (its customer's) go out first: each test counts only its own.
    const reactor = new TaskMailReactor(api.t.api.context, { election: electionFor(api.t.api.context.db) });
    await reactor.run();
    await reactor.stop();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
  });
  const { mailsAbout, givenChangeOrder, deliveries } = taskMailSteps(() => api);
  /** The approver's mail about the change order, as recorded. */
  const submittedMail = async (parentChangeId: string) => (await deliveries(api.alma)).find((d) => d.key.startsWith(`document-${parentChangeId}@1:change-order-submitted:`));

  /** A reactor as an API process starts one: in the election, its start-up done. */
  const started = async (ctx: AppContext = api.t.api.context) => {
    const reactor = new TaskMailReactor(ctx, { election: electionFor(ctx.db) });
    await reactor.prepare();
    return reactor;
  };
  const db = () => api.t.database.db;

  it('stopped after it sent, a new reactor on the same database sends nothing more', async () => {
    const { parentChangeId, documentId } = await givenChangeOrder();
    const first = await started();
    expect(await first.run()).toMatchObject({ led: true });
    await first.stop();
    expect(mailsAbout(documentId)).toHaveLength(1);
    expect(await submittedMail(parentChangeId)).toMatchObject({ status: 'sent', attempts: 1 });

    const second = await started();
    try {
      expect(await second.run()).toMatchObject({ led: true, recorded: 0 });
      expect(mailsAbout(documentId)).toHaveLength(1);
      expect(await submittedMail(parentChangeId)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await second.stop();
    }
  });

  it('stopped after it recorded a mail the mail server did not take, the next reactor sends it once', async () => {
    const { parentChangeId, documentId } = await givenChangeOrder();
    const refusing: AppContext = {
      ...api.t.api.context,
      mailer: { description: 'down', send: () => Promise.reject(new Error('connect ECONNREFUSED')), close: () => {} },
    };
    const first = await started(refusing);
    expect(await first.run()).toMatchObject({ led: true, sent: 0 });
    await first.stop();
    expect(await submittedMail(parentChangeId)).toMatchObject({ status: 'pending', attempts: 1, note: 'connect ECONNREFUSED' });

    for (const _ of [1, 2]) {
      const next = await started();
      await next.run();
      await next.stop();
    }
    expect(mailsAbout(documentId)).toHaveLength(1);
    expect(await submittedMail(parentChangeId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('crashed between the mail server’s acceptance and the mark (its row still pending): sent again once, then never (the window docs/architecture.md names)', async () => {
    const { parentChangeId, documentId } = await givenChangeOrder();
    const first = await started();
    await first.run();
    await first.stop();
    expect(mailsAbout(documentId)).toHaveLength(1);
    // What such a crash leaves: the mail delivered, its row pending.
    await db().query(`UPDATE task_mail_deliveries SET status = 'pending', sent_at = NULL WHERE key = $1`, [(await submittedMail(parentChangeId))!.key]);

    for (const _ of [1, 2]) {
      const next = await started();
      await next.run();
      await next.stop();
    }
    expect(mailsAbout(documentId)).toHaveLength(2);
  });

  it('on a store it has not seen (an upgrade, a restore), it starts at the log’s end: nothing of the past is mailed, what comes after is', async () => {
    const before = await givenChangeOrder();
    // As if the reactor were new to this store.
    await db().query('DELETE FROM task_mail_reactor');
    await db().query(`DELETE FROM projection_checkpoints WHERE name = 'task-mail'`);
    await db().query('DELETE FROM task_mail_records');
    const reactor = await started();
    try {
      await reactor.run();
      expect(mailsAbout(before.documentId)).toEqual([]);
      // Its past was folded all the same: the change order is known to wait (its reminders will come).
      const { rows } = await db().query<{ waiting_since: unknown }>('SELECT waiting_since FROM task_mail_records WHERE stream_id = $1', [`document-${before.parentChangeId}`]);
      expect(rows[0]?.waiting_since).not.toBeNull();

      const after = await givenChangeOrder();
      await reactor.run();
      expect(mailsAbout(after.documentId)).toHaveLength(1);
    } finally {
      await reactor.stop();
    }
  });

  // The embedded database belongs to one process: only a PostgreSQL server has several.
  describe.skipIf(skipWithoutServer('two API processes'))('on a PostgreSQL server', () => {
    it('with two processes at once, one leads and sends; the other sends nothing until the leader stops', async () => {
      const one = await started();
      const two = await started();
      try {
        const { documentId } = await givenChangeOrder();
        const passes = await Promise.all([one.run(), two.run()]);
        expect(passes.map((p) => p.led).sort()).toEqual([false, true]);
        expect(mailsAbout(documentId)).toHaveLength(1);
        const [leader, standby] = passes[0]!.led ? [one, two] : [two, one];
        await leader.stop();
        const next = await givenChangeOrder();
        expect(await standby.run()).toMatchObject({ led: true });
        expect(mailsAbout(next.documentId)).toHaveLength(1);
        expect(mailsAbout(documentId)).toHaveLength(1);
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    });
  });
});
