import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDayMonthYear, TRAINING_MESSAGES } from '@ifu/contracts';
import { formatAuditDate } from '../../audit';
import { PNG_1X1 } from '../../../../test-support/images';
import { makePdf } from '../../../../test-support/documents';
import { arrangeApproverAndCustomer, arrangeChangeOrder, arrangeLegacyAccessibilityProposal, arrangeRegisteredCustomer, openEveryFile } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder, reviewedCustomer, reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApiAsAdmin, type TestApi } from '../../../../test-support/test-api';

/**
 * Training before signing (21 CFR 11.10(i)). A user whose training is not recorded as completed
 * authors (uploads, unsigned records) but cannot sign anything; an ADMIN other than the user records the training,
 * and the record says who and when.
 */
describe('training before signing over HTTP', () => {
  let t: TestApi;
  let admin: string;
  beforeAll(async () => ({ t, admin } = await startTestApiAsAdmin()));
  afterAll(() => t?.dispose());

  const PASSWORD = 'a trained person password';
  const NOT_TRAINED = TRAINING_MESSAGES.notCompleted;

  type Person = { id: string; email: string; firstName: string; lastName: string; role: 'USER' | 'ADMIN'; password: string };
  async function person(role: 'USER' | 'ADMIN', prefix: string): Promise<Person> {
    const email = `${unique(prefix)}@example.com`;
    const lastName = unique('Trainee-');
    const id = await t.createUser({ email, role, password: PASSWORD, firstName: 'Tara', lastName });
    return { id, email, firstName: 'Tara', lastName, role, password: PASSWORD };
  }
  /** The edit form's PUT /user/modify, as the dialog sends it: every field, the training box as ticked. */
  const recordTraining = (who: Person, completed: boolean, token = admin) =>
    t.call('PUT', '/user/modify', {
      token,
      body: { id: who.id, email: who.email, firstName: who.firstName, lastName: who.lastName, role: who.role, isTrainingCompleted: completed },
    });
  const row = async (id: string) =>
    ((await t.call('GET', '/user/list/user', { token: admin })).body.userList as Array<Record<string, unknown>>).find((u) => u.id === id)!;
  async function untrained(role: 'USER' | 'ADMIN', prefix: string): Promise<Person> {
    const who = await person(role, prefix);
    expect((await recordTraining(who, false)).status).toBe(200);
    return who;
  }

  describe('recording training', () => {
    it('when an ADMIN adds a user through the form (the box required), then the list shows the training recorded by that ADMIN, when', async () => {
      const email = `${unique('added-')}@example.com`;
      const added = await t.call('POST', '/user/add', { token: admin, body: { email, firstName: 'Ada', lastName: unique('Added-'), isTrainingCompleted: true } });
      expect(added.status).toBe(200);
      const [registered] = await t.store.readStream(`user-${added.body.user.id}`);
      expect(registered!.data).toMatchObject({ isTrainingCompleted: true, trainingRecordedBy: { name: 'System Administrator' } });
      expect(added.body.user).toMatchObject({ isTrainingCompleted: true, trainingRecordedBy: 'System Administrator', trainingRecordedAt: registered!.recordedAt });
    });

    it('when the Add User form leaves the box unticked, then 400 Training is required and nothing is stored (the spec rule of the add form)', async () => {
      await apiSpec(t)
        .when(() => t.call('POST', '/user/add', { token: admin, body: { email: `${unique('no-box-')}@example.com`, firstName: 'No', lastName: 'Box', isTrainingCompleted: false } }))
        .thenNothingStored(400, 'isTrainingCompleted: Training is required');
    });

    it('when an ADMIN clears the box on the edit form, then UserTrainingRecorded (not completed) names them, the list shows who and when, and the audit trail says it in words', async () => {
      const who = await person('USER', 'retrain-');
      const { answer, events } = await apiSpec(t)
        .when(() => recordTraining(who, false))
        .then({
          status: 200,
          body: { message: 'User updated successfully!!', user: { id: who.id, isTrainingCompleted: false, trainingRecordedBy: 'System Administrator' } },
          events: [{ stream: `user-${who.id}`, type: 'UserTrainingRecorded', data: { userId: who.id, completed: false, recordedBy: { name: 'System Administrator' } } }],
        });
      expect(events[0]!.metadata.actor).toMatchObject({ type: 'user', email: ADMIN_EMAIL });
      expect(answer.body.user.trainingRecordedAt).toBe(events[0]!.data.at);
      const today = formatAuditDate(t.clock.now());
      const csv = await (await fetch(`${t.url}/user/create/report?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin}` } })).text();
      expect(csv).toContain('Recorded training as not completed (by System Administrator): the user cannot sign until it is recorded as completed');
    });

    it('when an ADMIN ticks the box again, then the training is recorded as completed by them and the list says so', async () => {
      const who = await untrained('USER', 'retrained-');
      await apiSpec(t)
        .when(() => recordTraining(who, true))
        .then({ status: 200, events: [{ stream: `user-${who.id}`, type: 'UserTrainingRecorded', data: { completed: true, recordedBy: { name: 'System Administrator' } } }] });
      expect(await row(who.id)).toMatchObject({ isTrainingCompleted: true, trainingRecordedBy: 'System Administrator' });
    });

    it('when a USER tries to record training, then 403 This needs the ADMIN role and nothing is stored', async () => {
      const user = await person('USER', 'user-marks-');
      const other = await untrained('USER', 'marked-');
      const token = await t.login(user.email, user.password);
      await apiSpec(t).when(() => recordTraining(other, true, token)).thenNothingStored(403, 'This needs the ADMIN role');
    });

    it('when an ADMIN records their own training (completed or not), then 403 naming the four-eyes rule and nothing is stored', async () => {
      const self = await untrained('ADMIN', 'self-marks-');
      const token = await t.login(self.email, self.password);
      await apiSpec(t).when(() => recordTraining(self, true, token)).thenNothingStored(403, TRAINING_MESSAGES.ownRecord);
      const first = (await t.call('GET', '/user/me', { token: admin })).body as { id: string };
      const firstAdmin = { id: first.id, email: ADMIN_EMAIL, firstName: 'System', lastName: 'Administrator', role: 'ADMIN' as const, password: ADMIN_PASSWORD };
      await apiSpec(t).when(() => recordTraining(firstAdmin, false)).thenNothingStored(403, TRAINING_MESSAGES.ownRecord);
    });

    it('when an ADMIN edits their own name and leaves the training as it is, then the edit is made (no training rule applies)', async () => {
      const self = await untrained('ADMIN', 'self-edit-');
      const token = await t.login(self.email, self.password);
      const renamed = { ...self, lastName: unique('Renamed-') };
      expect(await recordTraining(renamed, false, token)).toMatchObject({ status: 200, body: { user: { lastName: renamed.lastName, isTrainingCompleted: false } } });
    });

    it('GET /user/me tells the portal whether the account may sign', async () => {
      const who = await untrained('USER', 'me-');
      const token = await t.login(who.email, who.password);
      expect((await t.call('GET', '/user/me', { token })).body).toMatchObject({ id: who.id, isTrainingCompleted: false });
      expect((await t.call('GET', '/user/me', { token: admin })).body).toMatchObject({ isTrainingCompleted: true });
    });
  });

  describe('an untrained user signs nothing', () => {
    const pdf = async (name: string) => new Blob([new Uint8Array(await makePdf(name))], { type: 'application/pdf' });
    async function upload(token: string, form: FormData) {
      const res = await fetch(`${t.url}/document/addDocumentFiles`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    }

    it('when an untrained USER uploads the files of a change order, then they are kept (authoring); submitting it for approval (signed) is refused with the reason and nothing is stored', async () => {
      const approver = { email: `${unique('co-approver-')}@example.com`, password: PASSWORD };
      const { approver: signer, customerId } = await arrangeApproverAndCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Trained Customer '));
      const author = await untrained('USER', 'author-');
      const token = await t.login(author.email, author.password);
      const parent = new FormData();
      parent.set('isParent', 'true');
      parent.append('parentDocuments', await pdf('Risk assessment.pdf'), 'Risk assessment.pdf');
      parent.set('parentLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
      const parentUpload = await upload(token, parent);
      expect(parentUpload.status).toBe(200);
      const child = new FormData();
      child.set('isParent', 'false');
      child.set('childMainDocument', await pdf('IFU L-1'), 'IFU L-1.pdf');
      const childUpload = await upload(token, child);
      expect(childUpload.status).toBe(200);
      await t.api.context.textQueue.idle();
      const submission = {
        changeType: 'General Document',
        productFamilyName: unique('Untrained product '),
        approverId: signer.id,
        isInternal: false,
        customerId,
        effectiveDate: toDayMonthYear(new Date().toISOString().slice(0, 10)),
        changeDescription: 'Instructions for use',
        changeJustification: 'Regulatory update',
        username: author.email,
        password: author.password,
        comments: 'Reviewed',
        uploadParentDocumentFileId: parentUpload.body.uploadParentDocumentFileId,
        list: [
          {
            associatedReferenceNumber: 'L-1',
            productSubFamilyNameOne: 'P-1',
            billMaterialInformation: 'BOM-P-1',
            changeDescription: 'First release',
            changeJustification: 'New product line',
            countryList: 'DE,US',
            languageList: 'de,en',
            keywords: 'instructions',
            uploadDocumentFileId: childUpload.body.uploadChildDocumentFileId,
          },
        ],
      };
      await apiSpec(t).when(() => t.call('POST', '/document/addDocumentListData', { token, body: submission })).thenNothingStored(403, NOT_TRAINED);

      // Once an ADMIN records the training, the same submission is signed and recorded.
      expect((await recordTraining(author, true)).status).toBe(200);
      const submitted = await t.call('POST', '/document/addDocumentListData', { token, body: submission });
      expect(submitted.status).toBe(200);
      const recorded = await t.store.readStream(`document-${submitted.body.parentChangeId}`);
      expect(recorded[0]!.data).toMatchObject({ signature: { signerId: author.id, meaning: 'authorship' } });
    });

    it('when an untrained approver approves a change order, then 403 with the reason and nothing is stored; once an ADMIN records their training, the approval is signed; untrained again, their Online/Offline decision is refused', async () => {
      const approverAccount = { email: `${unique('ap-')}@example.com`, password: PASSWORD };
      const { approver, customerId } = await arrangeApproverAndCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approverAccount, unique('Approval Customer '));
      const author = { email: `${unique('au-')}@example.com`, password: PASSWORD };
      await t.createUser({ ...author, role: 'USER', lastName: unique('Author-') });
      const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('Product '), children: [{ lotNumber: 'L-9', partNumber: 'P-9' }] });
      const approverPerson = { ...approver, firstName: 'Test', lastName: 'Admin', role: 'ADMIN' as const };
      expect((await recordTraining(approverPerson, false)).status).toBe(200);

      const token = await t.login(approver.email, approver.password);
      await openEveryFile(t, token, parentChangeId);
      const approve = async () =>
        t.call('POST', '/document/approveDocuments', {
          token,
          headers: await reviewedChangeOrder(t, token, parentChangeId),
          body: { parentChangeId, approverId: approver.id, documentApproval: true, reason: '', username: approver.email, password: approver.password },
        });
      await apiSpec(t).when(approve).thenNothingStored(403, NOT_TRAINED);

      expect((await recordTraining(approverPerson, true)).status).toBe(200);
      const { events } = await apiSpec(t).when(approve).then({ status: 200 });
      expect(events.find((e) => e.type === 'ChangeOrderApproved')?.data).toMatchObject({ signature: { signerId: approver.id, meaning: 'approval' } });

      // An Online/Offline change of the approved change order left pending in the log, signed by its approver, untrained again.
      await arrangeLegacyAccessibilityProposal(t, { parentChangeId, isInternal: true, requestedBy: { id: ((await t.call('GET', '/user/me', { token: admin })).body as { id: string }).id, email: ADMIN_EMAIL }, reason: 'Recall' });
      expect((await recordTraining(approverPerson, false)).status).toBe(200);
      await apiSpec(t)
        .when(async () =>
          t.call('POST', '/document/accessibility/decide', {
            token,
            headers: await reviewedChangeOrder(t, token, parentChangeId),
            body: { parentChangeId, approve: true, username: approver.email, password: approver.password },
          }),
        )
        .thenNothingStored(403, NOT_TRAINED);
    });

    it('when an untrained ADMIN approves a customer, deactivates or reactivates a user, then each is refused with the reason and nothing is stored', async () => {
      const signer = await untrained('ADMIN', 'signer-');
      const token = await t.login(signer.email, signer.password);
      const credentials = { username: signer.email, password: signer.password };

      const customerId = await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, signer.id, unique('Waiting Customer '));
      const seenCustomer = await reviewedCustomer(t, token, customerId);
      await apiSpec(t)
        .when(() =>
          t.call('POST', '/customer/approve/add', {
            token,
            headers: seenCustomer,
            body: { customerId, customerApproverId: signer.id, customerApproval: true, changeDescription: 'Customer approval', changeJustification: '', ...credentials },
          }),
        )
        .thenNothingStored(403, NOT_TRAINED);

      const target = await person('USER', 'target-');
      await apiSpec(t)
        .when(async () => t.call('DELETE', '/user/delete', { token, headers: await reviewedUser(t, admin, target.id), body: { id: target.id, ...credentials } }))
        .thenNothingStored(403, NOT_TRAINED);

      const away = await person('USER', 'away-');
      expect((await t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, away.id), body: { id: away.id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status).toBe(200);
      await apiSpec(t)
        .when(async () => t.call('POST', '/user/reactivate', { token, headers: await reviewedUser(t, admin, away.id), body: { id: away.id, ...credentials } }))
        .thenNothingStored(403, NOT_TRAINED);
    });

    it('when an untrained user gives a wrong password, then the training refusal comes first and no failed attempt counts toward lockout', async () => {
      const signer = await untrained('ADMIN', 'wrong-pw-');
      const token = await t.login(signer.email, signer.password);
      const target = await person('USER', 'target2-');
      await apiSpec(t)
        .when(async () =>
          t.call('DELETE', '/user/delete', { token, headers: await reviewedUser(t, admin, target.id), body: { id: target.id, username: signer.email, password: 'not the password at all' } }),
        )
        .thenNothingStored(403, NOT_TRAINED);
    });
  });
});
