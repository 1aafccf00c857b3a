import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderRoute, testQueryClient } from '../../../test/render';
import { makeTask } from '../../../test/tasks';
import { Component } from './HealthActionsRoute';

afterEach(() => vi.unstubAllGlobals());

describe('HealthActionsRoute', () => {
  it('opens the task a link names when it is still open, else shows the list', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/tasks': { body: [makeTask()] } }));
    const router = createMemoryRouter(
      [
        { path: '/account/health-actions', Component },
        { path: '/account/upload/:slug', Component: () => <h1>Photo upload</h1> },
      ],
      { initialEntries: ['/account/health-actions?taskId=task-voy-wl-upload-photo-id'] },
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Photo upload' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?taskId=task-voy-wl-upload-photo-id');
  });

  it('lists the tasks when the named one is done', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/shop-api/tasks': { body: [makeTask()] } }));
    renderRoute({ path: '/account/health-actions', Component }, '/account/health-actions?taskId=finished');
    expect(await screen.findByRole('link', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My tasks' })).toBeInTheDocument();
  });
});
