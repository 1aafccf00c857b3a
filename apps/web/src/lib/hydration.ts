import { useEffect, useSyncExternalStore } from 'react';

/** Set on <html> once the server's HTML has become the running app: from then on the page answers clicks itself. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

const noSubscription = () => () => {};

/**
 * True on the server and while the browser hydrates the server's HTML: what only this browser keeps (its storage)
 * must not show yet, or the first render would differ from the server's. React renders again with false at once.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

const onHydrated: Array<() => void> = [];

/** Rendered once at the root: marks the page as running once its first render is committed. */
export function useHydrationDone(): void {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
    for (const callback of onHydrated.splice(0)) callback();
  }, []);
}

/**
 * From the moment the app's script runs until the server's HTML is hydrated (the page's code still arriving), a
 * click on one of the page's buttons, or a form sent, would do nothing the patient meant: it is held, and done once
 * the page runs. That includes forms that post to the server themselves: before the script they are sent as plain
 * forms, but once it runs the app's half-hydrated handlers take the submit (a consultation step's Continue showed
 * nothing and sent nothing). Links are left to the browser. What was typed, ticked or chosen meanwhile, or before
 * the script came, is told to the running page.
 */
export function holdInputUntilHydrated(root: HTMLElement): void {
  onHydrated.push(holdInput(root));
}

/**
 * Holds the clicks, form sends and edits made within `root` (server HTML not yet running) until the returned
 * release is called, once it runs; then does them, in order.
 */
export function holdInput(root: HTMLElement): () => void {
  const held: Array<() => void> = [];
  const hold = (event: Event, click: () => void) => {
    event.preventDefault();
    event.stopPropagation();
    held.push(click);
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button && button.type !== 'submit' && root.contains(button)) hold(event, () => button.isConnected && button.click());
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || !root.contains(form)) return;
    const submitter = event.submitter;
    hold(event, () => form.isConnected && form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined));
  };
  const edits = editsSoFar(root);
  const onEdit = (event: Event) => {
    if (!isEditable(event.target) || !root.contains(event.target)) return;
    // Latest last: a choice made, changed and made again is told in the order it ended.
    edits.delete(event.target);
    edits.set(event.target, editOf(event.target));
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('input', onEdit, true);
    document.removeEventListener('change', onEdit, true);
    // After the commit that hydrated the page, and the renders that follow it at once, so its handlers are in place.
    setTimeout(() => void replay(root, edits, held), 0);
  };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function replay(root: HTMLElement, edits: Map<EditableField, Edit>, held: Array<() => void>): Promise<void> {
  for (const [field, edit] of edits) {
    const current = sameFieldNow(root, field);
    if (!current) continue;
    reportEdit(current, edit);
    // Each edit's render done before the next, so a handler that reads its neighbours' state reads it fresh.
    await nextTask();
  }
  for (const click of held.splice(0)) click();
}

/** The field itself, or the one that took its place in a render since (same id, or same name and value). */
function sameFieldNow(root: HTMLElement, field: EditableField): EditableField | null {
  if (field.isConnected) return field;
  const byId = field.id ? root.querySelector(`#${CSS.escape(field.id)}`) : null;
  const byName = field.name ? root.querySelector(`[name="${CSS.escape(field.name)}"]${isTickable(field) && field.hasAttribute('value') ? `[value="${CSS.escape(field.value)}"]` : ''}`) : null;
  const found = byId ?? byName;
  return isEditable(found) ? found : null;
}

type EditableField = HTMLInputElement | HTMLTextAreaElement;
type Edit = { checked: boolean } | { value: string };

const isEditable = (target: EventTarget | null): target is EditableField =>
  (target instanceof HTMLInputElement && target.type !== 'file' && target.type !== 'hidden') || target instanceof HTMLTextAreaElement;
const isTickable = (field: EditableField): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const editOf = (field: EditableField): Edit => (isTickable(field) ? { checked: field.checked } : { value: field.value });

/** Fields the patient changed in the server's HTML before the app's script came: they differ from what was sent. */
function editsSoFar(root: HTMLElement): Map<EditableField, Edit> {
  const edits = new Map<EditableField, Edit>();
  for (const field of root.querySelectorAll('input, textarea')) {
    if (!isEditable(field)) continue;
    const changed = isTickable(field) ? field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked) : field.value !== field.defaultValue;
    if (changed) edits.set(field, editOf(field));
  }
  return edits;
}

/**
 * Tells the running page of one edit as the patient's own would have: the app's state began from the server's
 * values, and a render since may have put them back in the field. (React replays such edits itself only behind a
 * flag.) Through the element's own setters React learns a value other than the edit's; through the prototype's
 * it does not, so the event that follows reads as the patient's change.
 */
function reportEdit(field: EditableField, edit: Edit): void {
  if ('checked' in edit) {
    // A radio unticked by its neighbour's choice is told by that neighbour.
    if (!isTickable(field) || (!edit.checked && field.type === 'radio')) return;
    field.checked = !edit.checked;
    field.click();
    return;
  }
  // React keeps a controlled field's default at its current value: where that is the edit, the app holds it already.
  if (field.defaultValue === edit.value) return;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!.call(field, edit.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
