import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INFORMATION_ANSWER_MESSAGES, type Task } from '@elmwood/domain';
import { renderRoute } from '../../../test/render';
import { Component as TaskRoute } from './TaskRoute';

const QUESTION: Task = {
  id: '7b0c0c3e-1d2e-4f5a-8b6c-7d8e9f0a1b2c',
  taskType: 'reminder',
  taskDefinition: {
    code: 'clinician-question',
    name: 'Answer our prescriber',
    image: '/images/tasks/check-in.svg',
    description: 'Our prescriber needs a little more information before they can decide on your treatment.',
    isCritical: true,
    isReminder: false,
    safetyCheck: true,
  },
  badge: null,
  state: 'open',
  orderNumber: 'EH-TEST-0001',
  details: { configuration: { question: 'How long have you had the knee pain?', photoRequested: false, askedBy: 'Dr Ana Patel (GPhC 2071234)' } },
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: null,
};

afterEach(() => vi.unstubAllGlobals());

describe("a prescriber's question", () => {
  it('shows the question, asks for an answer before sending, then sends the words', async () => {
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push({ path, body: JSON.parse(String(init.body)) });
        return json({ ...QUESTION, state: 'completed', completedAt: '2026-11-21T10:00:00.000Z' });
      }
      return json(path === '/shop-api/tasks' ? [QUESTION] : []);
    });
    renderRoute({ path: '/account/tasks/:taskId', Component: TaskRoute }, `/account/tasks/${QUESTION.id}`);
    expect(await screen.findByText('How long have you had the knee pain?')).toBeInTheDocument();
    expect(screen.getByText('Dr Ana Patel (GPhC 2071234) asks:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send your answer' }));
    expect(screen.getByText(INFORMATION_ANSWER_MESSAGES.needed)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText('Your answer'), 'About three years.');
    await userEvent.click(screen.getByRole('button', { name: 'Send your answer' }));
    expect(await screen.findByRole('dialog', { name: 'Thank you for your answer' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: `/shop-api/tasks/${QUESTION.id}/answer`, body: { text: 'About three years.' } }]);
  });
});
