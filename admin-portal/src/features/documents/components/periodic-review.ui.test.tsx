import { addCalendarMonths, DOCUMENT_MESSAGES, PERIODIC_REVIEW_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute, signIn } from '@/testing/render-route';
import { addStaffPatiently, arrangeDecided, arrangePendingChangeOrder, call } from '@/testing/ui-arrange';
import type { Staff } from '@/testing/ui-api';

const today = () => new Date().toISOString().slice(0, 10);

/** The periodic review on the view (route level, real API): the review date, moving it, and a review that concluded 'revise'. */
describe('periodic review on the document view (route level, real API)', { timeout: 180_000 }, () => {
  let author: Staff;
  let approver: Staff;
  beforeAll(async () => {
    author = await addStaffPatiently('USER');
    approver = await addStaffPatiently('ADMIN');
  });

  it('the author sees the review date and moves it through Change review date, a reason required; only an ADMIN who did not write it is offered Complete periodic review', async () => {
    const { parentChangeId, documentId } = await arrangePendingChangeOrder(author, approver);
    await arrangeDecided(approver, parentChangeId);
    const { user } = await renderRoute(paths.app.documents.view.getHref(parentChangeId), { as: author });

    const fact = await screen.findByTestId('view-review-date', {}, { timeout: 30_000 });
    const due = addCalendarMonths(today(), 12);
    expect(within(fact).getByTestId('review-date').textContent).toBe(`${due.slice(8, 10)}/${due.slice(5, 7)}/${due.slice(0, 4)}`);
    expect(within(fact).queryByRole('button', { name: PERIODIC_REVIEW_MESSAGES.completeReview })).toBeNull();

    await user.click(within(fact).getByRole('button', { name: PERIODIC_REVIEW_MESSAGES.changeReviewDate }));
    const dialog = await screen.findByRole('dialog', { name: `${PERIODIC_REVIEW_MESSAGES.changeReviewDate}: ${documentId}` });
    const wanted = addCalendarMonths(today(), 7);
    // The picker the other screens use, dd/MM/yyyy (not the browser's own date input): typed as a person types it.
    const field = within(dialog).getByRole('group', { name: PERIODIC_REVIEW_MESSAGES.reviewDate });
    expect(within(field).getAllByRole('spinbutton').map((section) => section.getAttribute('aria-label'))).toEqual(['Day', 'Month', 'Year']);
    await user.click(within(field).getAllByRole('spinbutton')[0]!);
    await user.keyboard(wanted.split('-').reverse().join(''));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(DOCUMENT_MESSAGES.enterReason)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Aligned with the annual audit');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const token = await signIn(author);
    await waitFor(async () => expect((await call('GET', `/document/get/${parentChangeId}`, { token })).body.periodicReview.reviewDate).toBe(wanted), { timeout: 10_000 });

    const asApprover = await signIn(approver);
    expect((await call('GET', `/document/get/${parentChangeId}`, { token: asApprover })).body.periodicReview.mayComplete).toBe(true);
  });

  it("after the approver's review concluded revise, the author's view offers Revise and resubmit and the wizard says the approved one stays public until its revision is approved", async () => {
    const { parentChangeId, documentId } = await arrangePendingChangeOrder(author, approver);
    await arrangeDecided(approver, parentChangeId);
    const token = await signIn(approver);
    const version = (await call('GET', `/document/get/${parentChangeId}`, { token })).body.version;
    const reviewed = await call('POST', '/document/periodicReview/complete', {
      token,
      body: { parentChangeId, outcome: 'revise', comments: 'Contraindications changed', username: approver.email, password: approver.password },
      headers: { 'if-match': `"${version}"` },
    });
    expect(reviewed.status).toBe(200);

    const { user, router } = await renderRoute(paths.app.documents.view.getHref(parentChangeId), { as: author });
    const fact = await screen.findByTestId('view-review-date', {}, { timeout: 30_000 });
    expect(within(fact).getByTestId('review-date').textContent).toBe('None: to be revised');
    expect(within(fact).getByTestId('last-review').textContent).toContain('to be revised');
    await user.click(screen.getByRole('link', { name: DOCUMENT_MESSAGES.reviseAndResubmit }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.app.documents.revise.getHref(parentChangeId)), { timeout: 10_000 });
    const banner = await screen.findByTestId('revision-banner', {}, { timeout: 30_000 });
    expect(banner.textContent).toContain(`${documentId}, approved: its periodic review concluded it must be revised`);
    expect(banner.textContent).toContain(`${documentId} stays approved and public until this revision is approved`);
  });
});
