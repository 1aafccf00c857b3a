import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HYDRATED_ATTRIBUTE, holdInputUntilHydrated, useHydrating, useHydrationDone } from './hydration';

function Hydrated() {
  useHydrationDone();
  return null;
}

describe('input before hydration', () => {
  it('holds a click on a button of the server-rendered page until the page runs, then gives it to the button', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Checkout';
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    root.append(button);

    holdInputUntilHydrated(root);
    button.click();
    expect(clicked).not.toHaveBeenCalled();

    render(<Hydrated />);
    expect(document.documentElement).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true');
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    button.click();
    expect(clicked).toHaveBeenCalledTimes(2);
    root.remove();
  });

  it('holds a form that posts to the server, once the app’s script runs, and sends it through the running page', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.innerHTML = '<form method="post" action="/n/weight-loss/quiz/1"><button type="submit">Continue</button></form>';
    const button = root.querySelector('button')!;
    const sent: Array<HTMLElement | null> = [];
    // Where the app's own handler sits: below the document, so what is held never reaches it.
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      sent.push(event.submitter);
    });

    holdInputUntilHydrated(root);
    button.click();
    expect(sent).toEqual([]);

    render(<Hydrated />);
    await waitFor(() => expect(sent).toEqual([button]));
    root.remove();
  });

  it('tells the running page what was typed, ticked and chosen in the server’s HTML before it ran', async () => {
    function Form() {
      useHydrationDone();
      // A render after hydration puts new fields in place of the server's, as a page joining this browser's copy does.
      const hydrating = useHydrating();
      // One state for two fields, each handler spreading what it last saw: edits told at once would undo each other.
      const [measures, setMeasures] = useState({ weight: '', height: '' });
      const [agreed, setAgreed] = useState(false);
      const [dose, setDose] = useState('2.5');
      return (
        <form key={hydrating ? 'server' : 'browser'}>
          <label>
            Weight <input name="weight" value={measures.weight} onChange={(event) => setMeasures({ ...measures, weight: event.target.value })} />
          </label>
          <label>
            Height <input name="height" value={measures.height} onChange={(event) => setMeasures({ ...measures, height: event.target.value })} />
          </label>
          <label>
            <input type="checkbox" name="agreed" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} /> I agree
          </label>
          {['2.5', '5'].map((mg) => (
            <label key={mg}>
              <input type="radio" name="dose" value={mg} checked={dose === mg} onChange={() => setDose(mg)} /> {mg} mg
            </label>
          ))}
          <output>{`${measures.weight || 'none'} kg · ${measures.height || 'none'} cm · ${agreed ? 'agreed' : 'not agreed'} · ${dose} mg`}</output>
        </form>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // The patient acts on the server's HTML while the app's code is still on its way.
    container.querySelector<HTMLInputElement>('[name="weight"]')!.value = '82';
    container.querySelector<HTMLInputElement>('[name="height"]')!.value = '175';
    container.querySelector<HTMLInputElement>('[name="agreed"]')!.checked = true;
    container.querySelector<HTMLInputElement>('[value="5"]')!.checked = true;

    holdInputUntilHydrated(container);
    await act(async () => {
      hydrateRoot(container, <Form />);
    });

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('82 kg · 175 cm · agreed · 5 mg'));
    expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveValue('82');
    expect(screen.getByRole('radio', { name: '5 mg' })).toBeChecked();
    container.remove();
  });

  it('tells choices made while the page was starting in the order the patient ended them', async () => {
    const doses = ['2.5', '5', '7.5'];
    function Doses() {
      useHydrationDone();
      const [dose, setDose] = useState('2.5');
      return (
        <fieldset>
          {doses.map((mg) => (
            <label key={mg}>
              <input type="radio" name="dose" value={mg} checked={dose === mg} onChange={() => setDose(mg)} /> {mg} mg
            </label>
          ))}
          <output>{`${dose} mg`}</output>
        </fieldset>
      );
    }
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Doses />);
    document.body.append(container);
    holdInputUntilHydrated(container);
    // 5 mg, then 7.5 mg, then 5 mg again, the app's code still arriving.
    for (const mg of ['5', '7.5', '5']) container.querySelector<HTMLInputElement>(`[value="${mg}"]`)!.click();

    await act(async () => {
      hydrateRoot(container, <Doses />);
    });

    // Each choice is told a task after the one before: let them all be told.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status')).toHaveTextContent(/^5 mg$/);
    expect(screen.getByRole('radio', { name: '5 mg' })).toBeChecked();
    container.remove();
  });
});
