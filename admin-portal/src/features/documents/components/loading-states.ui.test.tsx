import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { renderRoute } from '@/testing/render-route';
import { addStaff } from '@/testing/ui-api';

/** A page that loads shows the shape of what is coming, never a blank page or the old one. */
describe('Loading states of the documents screens (route level, real API)', () => {
  it('the documents list shows a skeleton of its rows while its first page loads, then the grid', async () => {
    const author = await addStaff('USER');
    await renderRoute(paths.app.documents.list.getHref(), { as: author });

    const skeleton = await screen.findByRole('status', { name: 'Loading documents' }, { timeout: 15_000 });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading documents' })).toBeNull(), { timeout: 15_000 });
    expect(screen.getByTestId('documents-grid')).toBeTruthy();
  });

  it('the document view shows a skeleton of the page while the change order loads, then what came of it', async () => {
    const author = await addStaff('USER');
    await renderRoute(paths.app.documents.view.getHref('00000000-0000-4000-8000-000000000000'), { as: author });

    const skeleton = await screen.findByRole('status', { name: 'Loading the document' }, { timeout: 15_000 });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { name: 'View Document' })).toBeTruthy();
    // No such change order: the skeleton gives way to the failure and a way to try again.
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading the document' })).toBeNull();
  });
});
