import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactElement, ReactNode, RefObject } from 'react';
import { cx } from './cx';
import './Dialog.css';

interface DialogProps {
  /** Read out as the dialog's name and shown as its heading. */
  title: ReactNode;
  /** Optional line under the title; becomes the dialog's description. */
  description?: ReactNode;
  /** The control that opens the dialog; focus returns to it on close. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Actions pinned under the scrolling body, such as the call to action. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  closeLabel?: string;
  /** Where focus goes on close when the dialog has no trigger of its own (it opened from code). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Name of the scrolling body region; defaults to the title when it is text. */
  bodyLabel?: string;
  children: ReactNode;
}

/** A modal dialog: focus is trapped inside, Escape and the close button close it, focus returns to the trigger. */
export function Dialog({
  title,
  description,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  footer,
  size = 'md',
  closeLabel = 'Close',
  bodyLabel,
  returnFocusTo,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className={cx('dialog', `dialog--${size}`)}
          onCloseAutoFocus={
            returnFocusTo
              ? (event) => {
                  event.preventDefault();
                  returnFocusTo.current?.focus();
                }
              : undefined
          }
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <header className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="dialog__close" aria-label={closeLabel}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </header>
          {description ? <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description> : null}
          {/* Focusable so keyboard users can scroll a long body (WCAG 2.1.1). */}
          <div className="dialog__body" tabIndex={0} role="region" aria-label={bodyLabel ?? (typeof title === 'string' ? title : 'Details')}>
            {children}
          </div>
          {footer ? <footer className="dialog__footer">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding dialog when its child is activated (e.g. a call to action that navigates). */
export function DialogClose({ children }: { children: ReactElement }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
