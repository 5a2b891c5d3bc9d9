import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { printedNameClaimStreamId } from '@ifu/contracts';
import { claimDecider } from '../../platform/unique-claims';
import { legacyPrintedNameKey, printedName, printedNameKey, rekeyPrintedNameClaims, sharedPrintedNames } from './printed-name-claims';
import { expectNone } from '../../../../test-support/list-expectations';

const INVISIBLE = 'must not contain invisible or blank filler characters';
const TAKEN = 'firstName, lastName: another active user already has this first and last name. A signature shows the printed name, so it must name one person: add a middle initial or another distinguishing part.';

/**
 * A signature's printed name identifies its signer only while no two active users share it (21 CFR 11.100): no change
 * may leave two active users with one printed name.
 */
describe('printed names name one active user, over HTTP', () => {
  let t: TestApi;
  let admin: string;
  let spec: ReturnType<typeof apiSpec>;
  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
  });
  beforeEach(async () => {
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const newEmail = () => `${unique('named-')}@example.com`;
  const add = (firstName: string, lastName: string, email = newEmail()) =>
    t.call('POST', '/user/add', { token: admin, body: { email, firstName, lastName, isTrainingCompleted: true } });
  const added = async (firstName: string, lastName: string) => {
    const email = newEmail();
    const answer = await add(firstName, lastName, email);
    expect(answer.status).toBe(200);
    return { id: answer.body.user.id as string, email, version: answer.body.user.version as number };
  };
  const modify = (user: { id: string; email: string }, body: Record<string, unknown>, token = admin) =>
    t.call('PUT', '/user/modify', { token, body: { id: user.id, email: user.email, role: 'USER', isTrainingCompleted: true, ...body } });
  // A deactivation is a signed decision on the user as the list shows them (If-Match).
  const deactivate = async (id: string) =>
    t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  // A reactivation is signed too.
  const reactivate = async (id: string) =>
    t.call('POST', '/user/reactivate', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  const activeNamed = async (firstName: string, lastName: string) => {
    const list = (await t.call('GET', '/user/list/user?status=ACTIVE', { token: admin })).body.userList as Array<{ id: string; firstName: string; lastName: string }>;
    return list.filter((u) => printedNameKey(u) === printedNameKey({ firstName, lastName })).map((u) => u.id);
  };

  it('when a user is added with the printed name of an active user, in any case, spacing or Unicode form, then 409 naming the fields and nothing is stored', async () => {
    const lastName = unique('Müller-');
    await added('Zoë', lastName);
    for (const [firstName, last] of [
      ['Zoë', lastName],
      ['ZOË', lastName.toUpperCase()],
      ['  zoë ', `  ${lastName}  `],
      ['Zoe\u0308', lastName.normalize('NFD')],
    ] as const) {
      const answer = await spec.when(() => add(firstName, last)).thenNothingStored(409, TAKEN);
      expect(answer.body.code).toBe('printed-name-taken');
    }
    // Another letter is another name.
    expect((await add('Zoe', lastName)).status).toBe(200);
  });

  it('when a user is added with a name that prints like an active user\'s (look-alike letters, full-width, compatibility forms), then 409 and nothing is stored', async () => {
    const lastName = unique('Approver-');
    await added('Alma', lastName);
    const cyrillicO = lastName.replace('o', '\u043e');
    for (const [firstName, last] of [
      ['\u0410lma', lastName], // Cyrillic А
      ['Alma', cyrillicO], // Cyrillic о
      ['\uff21\uff4c\uff4d\uff41', lastName], // full-width
      ['A1ma', lastName], // digit one for a lower-case L
      ['Alrna', lastName], // 'rn' for 'm'
    ] as const) {
      const answer = await spec.when(() => add(firstName, last)).thenNothingStored(409, TAKEN);
      expect(answer.body.code).toBe('printed-name-taken');
    }
    // A name that differs by a letter is another name.
    expect((await add('Alba', lastName)).status).toBe(200);
  });

  it('when a name holds a character that prints as nothing (Hangul fillers, braille blank, joiners), then 400 naming the field and nothing is stored', async () => {
    const lastName = unique('Filler-');
    for (const [field, firstName, last] of [
      ['firstName', 'Alma\u3164', lastName],
      ['firstName', 'Al\u034fma', lastName],
      ['firstName', '\u115fAlma', lastName],
      ['lastName', 'Alma', `${lastName}\u2800`],
      ['lastName', 'Alma', `${lastName}\u200b`],
    ] as const) {
      await spec.when(() => add(firstName, last)).thenNothingStored(400, `${field} ${INVISIBLE}`);
    }
    // The same over a change of name.
    const user = await added('Alma', lastName);
    await spec.when(() => modify(user, { firstName: 'Alma\u3164', lastName })).thenNothingStored(400, `firstName ${INVISIBLE}`);
  });

  it("when an ADMIN renames a user to a look-alike of an active user's name, then 409 and nothing is stored", async () => {
    const lastName = unique('Signer-');
    await added('Alma', lastName);
    const other = await added('Otto', unique('Other-'));
    await spec.when(() => modify(other, { firstName: '\u0410lma', lastName })).thenNothingStored(409, TAKEN);
  });

  it('when claims were made under the key from before look-alikes counted, then the re-key moves them: the name stays taken, and is free again once its holder is deactivated', async () => {
    const lastName = unique('Legacy-Mm-');
    const names = { firstName: 'Mia', lastName };
    const holder = await t.createUser({ email: newEmail(), role: 'USER', ...names });
    // The claim as it was made before: in the stream of the old key.
    const legacy = legacyPrintedNameKey(names);
    const legacyStream = printedNameClaimStreamId(legacy);
    expect(legacyStream).not.toBe(printedName.streamOf('Mia ' + lastName));
    await t.arrange().execute({ stream: legacyStream, decider: claimDecider(printedName), command: { type: 'Claim', value: legacy, ownerId: holder, holderGone: false } });
    const holderOf = async (stream: string) =>
      (await t.store.readStream(stream)).reduce<string | undefined>((held, e) => (e.type === 'PrintedNameClaimed' ? String(e.data.userId) : e.type === 'PrintedNameReleased' ? undefined : held), undefined);

    expect(await rekeyPrintedNameClaims(t.api.context)).toMatchObject({ released: 1, claimed: 1 });
    expect(await holderOf(legacyStream)).toBeUndefined();
    expect(await holderOf(printedName.streamOf(`Mia ${lastName}`))).toBe(holder);
    // Once done, a second run records nothing.
    expect(await rekeyPrintedNameClaims(t.api.context)).toEqual({ released: 0, claimed: 0 });
    // The name, and its look-alikes, stay taken.
    await spec.when(() => add('M\u0456a', lastName)).thenNothingStored(409, TAKEN); // Cyrillic і

    expect((await deactivate(holder)).status).toBe(200);
    expect(await holderOf(printedName.streamOf(`Mia ${lastName}`))).toBeUndefined();
    expect((await add('Mia', lastName)).status).toBe(200);
  });

  it('when two creations of one printed name run at once, then exactly one wins and the other is 409', async () => {
    const lastName = unique('Race-');
    const answers = await Promise.all([add('Rita', lastName), add('Rita', lastName), add('rita', ` ${lastName}`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe(TAKEN);
    expect(await activeNamed('Rita', lastName)).toHaveLength(1);
  });

  it("when the holder is deactivated, then their name is free; reactivating them while another active user has it is 409, and after that user's deactivation it works", async () => {
    const lastName = unique('Free-');
    const first = await added('Fay', lastName);
    expect((await deactivate(first.id)).status).toBe(200);
    const second = await added('Fay', lastName);

    await spec.when(() => reactivate(first.id)).thenNothingStored(409, TAKEN);

    expect((await deactivate(second.id)).status).toBe(200);
    expect((await reactivate(first.id)).body.user).toMatchObject({ status: 'ACTIVE' });
    expect(await activeNamed('Fay', lastName)).toEqual([first.id]);
  });

  it("when an ADMIN renames a user, or themself, to an active user's printed name, then 409 and nothing is stored or mailed", async () => {
    const lastName = unique('Held-');
    await added('Hal', lastName);
    const other = await added('Otto', unique('Other-'));
    const mails = t.mails().length;
    await spec.when(() => modify(other, { firstName: 'HAL', lastName })).thenNothingStored(409, TAKEN);
    expect(t.mails()).toHaveLength(mails);

    // An ADMIN's own change of name applies at once: the same rule.
    const selfEmail = newEmail();
    const selfId = await t.createUser({ email: selfEmail, role: 'ADMIN', password: 'self renaming password', firstName: 'Sue', lastName: unique('Self-') });
    const self = await t.login(selfEmail, 'self renaming password');
    await spec.when(() => modify({ id: selfId, email: selfEmail }, { firstName: 'Hal', lastName, role: 'ADMIN' }, self)).thenNothingStored(409, TAKEN);
    // A free name applies.
    const free = unique('Own-');
    expect((await modify({ id: selfId, email: selfEmail }, { firstName: 'Sue', lastName: free, role: 'ADMIN' }, self)).body.user).toMatchObject({ lastName: free });
  });

  it('when a change of name waits for the user and another active user takes the name meanwhile, then accepting it is 409 and the link still works once the name is free', async () => {
    const user = await added('Una', unique('Before-'));
    const wanted = unique('After-');
    expect((await modify(user, { firstName: 'Una', lastName: wanted })).status).toBe(200);
    const token = t.mailedToken(user.email, '/user/confirm/');
    const taker = await added('Una', wanted);

    await spec.when(() => t.call('POST', '/user/confirm/change', { body: { token } })).thenNothingStored(409, TAKEN);

    expect((await deactivate(taker.id)).status).toBe(200);
    expect((await t.call('POST', '/user/confirm/change', { body: { token } })).status).toBe(200);
    expect(await activeNamed('Una', wanted)).toEqual([user.id]);
  });

  it('when active users already share a name (data from before this rule), then they keep working, are named as shared, and nobody else may take the name', async () => {
    const lastName = unique('Legacy-');
    // t.createUser writes the account without a name claim, as accounts from before the rule were written.
    const one = await t.createUser({ email: newEmail(), role: 'USER', firstName: 'Lea', lastName });
    const two = await t.createUser({ email: newEmail(), role: 'USER', firstName: 'lea', lastName });
    const shared = (await sharedPrintedNames(t.api.context)).find((s) => s.printedName === printedNameKey({ firstName: 'Lea', lastName }));
    expect(shared?.userIds.sort()).toEqual([one, two].sort());
    await spec.when(() => add('Lea', lastName)).thenNothingStored(409, TAKEN);
    const emailOf = async (id: string) => ((await t.call('GET', '/user/list/user', { token: admin })).body.userList as Array<{ id: string; email: string }>).find((u) => u.id === id)!.email;
    // Changing something else of one of them is not refused.
    expect((await modify({ id: one, email: await emailOf(one) }, { firstName: 'Lea', lastName, role: 'ADMIN' })).status).toBe(200);
    // Renaming one of them (accepted from their mailbox) ends the sharing.
    const twoEmail = await emailOf(two);
    expect((await modify({ id: two, email: twoEmail }, { firstName: 'Lea', lastName: `${lastName} B` })).status).toBe(200);
    expect((await t.call('POST', '/user/confirm/change', { body: { token: t.mailedToken(twoEmail, '/user/confirm/') } })).status).toBe(200);
    expectNone(await sharedPrintedNames(t.api.context), (shared) => shared.userIds.includes(one));
  });
});
