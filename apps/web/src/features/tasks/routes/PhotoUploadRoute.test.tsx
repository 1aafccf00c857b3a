import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute } from '../../../test/render';
import { makeTask } from '../../../test/tasks';
import { Component } from './PhotoUploadRoute';

const open = (url: string) => renderRoute({ path: '/account/upload/:slug', Component }, url);

afterEach(() => vi.unstubAllGlobals());

describe('photo landing pages', () => {
  it('names the task being done and explains the photo wanted', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/tasks': { body: [makeTask({ code: 'voy-wl-upload-weight-check-photo', name: 'Add a full-length photo' })] } }));
    open('/account/upload/weight-loss?taskId=task-voy-wl-upload-weight-check-photo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a full-length photo' })).toBeInTheDocument();
    expect(screen.getByText(/A full-length photo helps your clinician/)).toBeInTheDocument();
  });

  it('sends a finished task’s link to the list instead of asking again', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/tasks': { body: [] } }));
    open('/account/upload/upload-photo-id?taskId=done-task');
    expect(await screen.findByRole('heading', { name: 'This task is already done' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my tasks' })).toHaveAttribute('href', '/account/health-actions');
  });

  it('knows only its three landing pages', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/tasks': { body: [] } }));
    open('/account/upload/passport');
    expect(await screen.findByRole('heading', { name: "We couldn't find that page" })).toBeInTheDocument();
  });
});
