import { DOCUMENT_MESSAGES } from '@ifu/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { arrangeDocumentCast, type DocumentCast } from '@/testing/documents';
import { logoFile, pdfFile } from '@/testing/files';
import { renderRoute } from '@/testing/render-route';
import { unique } from '@/testing/ui-api';

/** The form control of the field named `label` (a text field, select, radio group, picker or file field). */
const fieldBox = (label: string | RegExp, scope: HTMLElement = document.body) => {
  const field = within(scope).queryAllByRole('radiogroup', { name: label })[0] ?? within(scope).getAllByLabelText(label)[0]!;
  const box = field.closest('.MuiFormControl-root');
  if (!(box instanceof HTMLElement)) throw new Error(`no form control around ${String(label)}`);
  return box;
};

/** `message` is shown next to the field labelled `label` (inside its form control, not in a toast or banner). */
const expectMessageAt = async (label: string | RegExp, message: string, scope?: HTMLElement) =>
  waitFor(() => expect(within(fieldBox(label, scope)).getByText(message)).toBeTruthy());

/** Each message is shown next to its field, in `scope`. */
const expectMessagesAt = async (scope: HTMLElement, expected: Array<[label: string | RegExp, message: string]>) => {
  for (const [label, message] of expected) await expectMessageAt(label, message, scope);
};

// The first visit loads the screen's modules: slow on a loaded machine.
const step = (name: 'Start' | 'Change/New' | 'Preview') => screen.findByRole('form', { name }, { timeout: 60_000 });

/** Chooses `option` (a regular expression over its text) in the select labelled `label`. */
async function choose(user: UserEvent, label: string, option: RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }, { timeout: 10_000 }));
}

/** Fills the Start step for `cast` and uploads its logo with 'Upload All File', confirming the modal. */
async function fillStartAndUpload(user: UserEvent, cast: DocumentCast, productName: string) {
  const start = await step('Start');
  await user.type(within(start).getByRole('textbox', { name: 'Product Name' }), productName);
  await user.click(within(within(start).getByRole('radiogroup', { name: 'Accessibility' })).getByRole('radio', { name: 'Online' }));
  await user.click(within(within(start).getByRole('radiogroup', { name: 'Change Type' })).getByRole('radio', { name: 'General Document' }));
  await choose(user, 'Customer', new RegExp(cast.customerName));
  await choose(user, 'Approver', new RegExp(cast.approver.email.replace(/\./g, '\\.')));
  await pickToday(user);
  await user.type(within(start).getByRole('textbox', { name: 'Description of Change' }), 'First release');
  await user.type(within(start).getByRole('textbox', { name: 'Justification of Change' }), 'New product line');
  await user.upload(within(start).getByLabelText('Document Logo'), logoFile());

  await user.click(within(start).getByRole('button', { name: DOCUMENT_MESSAGES.uploadAllFile }));
  const confirm = await screen.findByRole('dialog', { name: DOCUMENT_MESSAGES.uploadAllFile });
  expect(within(confirm).getByText(DOCUMENT_MESSAGES.confirmUpload)).toBeTruthy();
  await user.click(within(confirm).getByRole('button', { name: /upload/i }));
  expect(await screen.findByTestId('parent-uploaded', {}, { timeout: 15_000 })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: DOCUMENT_MESSAGES.uploadAllFile })).toBeNull(), { timeout: 5_000 });
}

/** Effective Date: today, from the picker's calendar. */
async function pickToday(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: /choose date/i }));
  const calendar = await screen.findByRole('grid');
  await user.click(within(calendar).getByRole('gridcell', { name: String(new Date().getDate()) }));
  await waitFor(() => expect(screen.queryByRole('grid')).toBeNull());
}

describe('Add document wizard (route level, real API)', { timeout: 240_000 }, () => {
  // The author, approver and customer the wizard offers; each test enters a change order of its own.
  let cast: DocumentCast;
  beforeAll(async () => {
    cast = await arrangeDocumentCast();
  });

  it('names every required field of the Start step next to it, with the spec texts, before anything is uploaded', async () => {
    const { user } = await renderRoute(paths.app.documents.add.getHref(), { as: cast.author });
    const start = await step('Start');

    await user.click(within(start).getByRole('button', { name: DOCUMENT_MESSAGES.uploadAllFile }));

    await expectMessagesAt(start, [
      ['Product Name', DOCUMENT_MESSAGES.enterProductFamilyName],
      ['Accessibility', DOCUMENT_MESSAGES.selectInternal],
      ['Change Type', DOCUMENT_MESSAGES.selectType],
      ['Customer', DOCUMENT_MESSAGES.selectCustomer],
      ['Approver', DOCUMENT_MESSAGES.selectApprover],
      ['Effective Date', DOCUMENT_MESSAGES.selectEffectiveDate],
      ['Justification of Change', DOCUMENT_MESSAGES.enterJustificationOfChange],
      ['Document Logo', DOCUMENT_MESSAGES.selectDocumentLogo],
    ]);
    // Nothing was asked of the server: no confirmation, and no Next before an upload.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(start).queryByRole('button', { name: 'Next' })).toBeNull();

    // Back returns to the list.
    await user.click(within(start).getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Documents' }, { timeout: 60_000 })).toBeTruthy();
  });

  it('goes Start → Change/New → Preview and back again keeping what was entered, with each step saying what it still needs', async () => {
    const suffix = unique();
    const productName = `UI Wizard ${suffix}`;
    const { user } = await renderRoute(paths.app.documents.add.getHref(), { as: cast.author });

    await fillStartAndUpload(user, cast, productName);
    // Found once the upload dialog's closing transition has given the page back (slow on a loaded machine).
    await user.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));

    // Change/New: Next with nothing entered names each field.
    let child = await step('Change/New');
    await user.click(within(child).getByRole('button', { name: 'Next' }));
    await expectMessagesAt(child, [
      [/^(Lot|IFU) Number/, DOCUMENT_MESSAGES.enterIfuNumber],
      ['Part Number', DOCUMENT_MESSAGES.enterPartNumber],
      ['Bill of Material', DOCUMENT_MESSAGES.enterBillOfMaterial],
      ['Keywords', DOCUMENT_MESSAGES.enterKeywords],
      ['Country', DOCUMENT_MESSAGES.selectCountry],
      ['Language', DOCUMENT_MESSAGES.selectLanguage],
      ['Description of Change', DOCUMENT_MESSAGES.enterDescriptionOfChange],
      ['Justification of Change', DOCUMENT_MESSAGES.enterJustificationOfChange],
      ['Upload doc', DOCUMENT_MESSAGES.selectDocument],
    ]);

    // Back to Start keeps the parent; Next again keeps what Change/New held.
    await user.type(within(child).getByRole('textbox', { name: 'Part Number' }), `PART-${suffix}`);
    await user.click(within(child).getByRole('button', { name: 'Back' }));
    const start = await step('Start');
    expect((within(start).getByRole('textbox', { name: 'Product Name' }) as HTMLInputElement).value).toBe(productName);
    await user.click(within(start).getByRole('button', { name: 'Next' }));
    child = await step('Change/New');
    expect((within(child).getByRole('textbox', { name: 'Part Number' }) as HTMLInputElement).value).toBe(`PART-${suffix}`);

    // The rest of the child, its PDF uploaded with 'Upload File'.
    await user.type(within(child).getByRole('textbox', { name: /^(Lot|IFU) Number/ }), `LOT-${suffix}`);
    await user.type(within(child).getByRole('textbox', { name: 'Bill of Material' }), `BOM-${suffix}`);
    await user.type(within(child).getByRole('textbox', { name: 'Keywords' }), 'instructions');
    await user.type(within(child).getByRole('combobox', { name: 'Country' }), 'Germany');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.type(within(child).getByRole('combobox', { name: 'Language' }), 'English');
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.type(within(child).getByRole('textbox', { name: 'Description of Change' }), 'First release of the lot');
    await user.type(within(child).getByRole('textbox', { name: 'Justification of Change' }), 'New product line');
    await user.upload(within(child).getByLabelText('Upload doc'), await pdfFile(`IFU LOT-${suffix}.pdf`));
    await user.click(within(child).getByRole('button', { name: 'Next' }));

    // Preview: the summary of both steps; the signer's username is theirs already; Submit names Password and Comments.
    const preview = await step('Preview');
    expect(await screen.findByText(productName)).toBeTruthy();
    expect(screen.getByText(`LOT-${suffix}`)).toBeTruthy();
    expect((within(preview).getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe(cast.author.email);
    await user.click(within(preview).getByRole('button', { name: 'Submit' }));
    await expectMessagesAt(preview, [
      ['Password', DOCUMENT_MESSAGES.enterPassword],
      ['Comments', DOCUMENT_MESSAGES.enterComments],
    ]);

    // Back from Preview keeps the child.
    await user.click(within(preview).getByRole('button', { name: 'Back' }));
    child = await step('Change/New');
    expect((within(child).getByRole('textbox', { name: /^(Lot|IFU) Number/ }) as HTMLInputElement).value).toBe(`LOT-${suffix}`);
    expect((within(child).getByRole('textbox', { name: 'Keywords' }) as HTMLInputElement).value).toBe('instructions');
  });
  it("'Add More Document' carries what children share; Edit in 'Uploaded Doc' keeps the child in the form, or asks when it is not complete", async () => {
    const suffix = unique();
    const { user } = await renderRoute(paths.app.documents.add.getHref(), { as: cast.author });
    await fillStartAndUpload(user, cast, `UI Keep ${suffix}`);
    await user.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10_000 }));

    const fillChild = async (lot: string, { shared }: { shared: boolean }) => {
      const child = await step('Change/New');
      await user.type(within(child).getByRole('textbox', { name: /^(Lot|IFU) Number/ }), lot);
      await user.type(within(child).getByRole('textbox', { name: 'Part Number' }), `PART-${lot}`);
      await user.type(within(child).getByRole('textbox', { name: 'Keywords' }), 'instructions');
      await user.type(within(child).getByRole('combobox', { name: 'Country' }), 'Germany');
      await user.click(await screen.findByRole('option', { name: 'Germany' }));
      await user.type(within(child).getByRole('combobox', { name: 'Language' }), 'English');
      await user.click(await screen.findByRole('option', { name: 'English' }));
      if (shared) {
        await user.type(within(child).getByRole('textbox', { name: 'Bill of Material' }), `BOM-${suffix}`);
        await user.type(within(child).getByRole('textbox', { name: 'Description of Change' }), 'First release');
        await user.type(within(child).getByRole('textbox', { name: 'Justification of Change' }), 'New product line');
      }
      await user.upload(within(child).getByLabelText('Upload doc'), await pdfFile(`IFU ${lot}.pdf`));
    };
    const first = `LOT-1-${suffix}`;
    const second = `LOT-2-${suffix}`;
    await fillChild(first, { shared: true });
    await user.click(within(await step('Change/New')).getByRole('button', { name: 'Next' }));
    await user.click(within(await step('Preview')).getByRole('button', { name: DOCUMENT_MESSAGES.addMoreDocument }));
    await user.click(within(await step('Start')).getByRole('button', { name: 'Next' }));

    // The second child starts with the first one's bill of material, description and justification.
    let child = await step('Change/New');
    const value = (name: string | RegExp) => (within(child).getByRole('textbox', { name }) as HTMLInputElement).value;
    expect([value('Bill of Material'), value('Description of Change'), value('Justification of Change'), value(/^(Lot|IFU) Number/)]).toEqual([
      `BOM-${suffix}`,
      'First release',
      'New product line',
      '',
    ]);

    // Half typed, then Edit on the first: asked, not dropped.
    await user.type(within(child).getByRole('textbox', { name: /^(Lot|IFU) Number/ }), second);
    const openEdit = async (lot: string) => {
      await user.click(screen.getByTestId('uploaded-doc-button'));
      const list = await screen.findByRole('dialog', { name: DOCUMENT_MESSAGES.uploadedDoc });
      await user.click(within(list).getByRole('button', { name: new RegExp(`^Edit ${lot} `) }));
    };
    await openEdit(first);
    const asked = await screen.findByRole('dialog', { name: 'Finish the document in the form?' });
    await user.click(within(asked).getByRole('button', { name: 'Finish it' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Finish the document in the form?' })).toBeNull());
    child = await step('Change/New');
    expect(value(/^(Lot|IFU) Number/)).toBe(second);
    await expectMessageAt('Part Number', DOCUMENT_MESSAGES.enterPartNumber, child);

    // Complete, then Edit on the first: the second is kept in 'Uploaded Doc', the first is in the form.
    await user.clear(within(child).getByRole('textbox', { name: /^(Lot|IFU) Number/ }));
    await fillChild(second, { shared: false });
    await openEdit(first);
    await waitFor(() => expect(value(/^(Lot|IFU) Number/)).toBe(first), { timeout: 15_000 });
    await user.click(screen.getByTestId('uploaded-doc-button'));
    const list = await screen.findByRole('dialog', { name: DOCUMENT_MESSAGES.uploadedDoc });
    expect(within(list).getAllByTestId('saved-document').map((item) => item.textContent)).toEqual([
      expect.stringContaining(`${first} (editing)`),
      expect.stringContaining(second),
    ]);
  });
});
