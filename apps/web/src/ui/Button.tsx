import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

interface StyleProps {
  variant?: ButtonVariant;
  size?: 'md' | 'lg';
  /** Full width of its container. */
  block?: boolean;
}

export function buttonClass({ variant = 'primary', size = 'md', block = false }: StyleProps, className?: string) {
  return cx('btn', `btn--${variant}`, variant !== 'link' && `btn--${size}`, block && 'btn--block', className);
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, StyleProps {
  /** Shows a spinner, sets aria-busy and ignores clicks, while keeping focus on the button. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  className,
  type = 'button',
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block }, cx(loading && 'btn--loading', className))}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <Spinner size="sm" className="btn__spinner" /> : null}
      <span className="btn__label">{children}</span>
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {}

/** A link that looks like a button: for calls to action that go somewhere. */
export function ButtonLink({ variant, size, block, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link className={buttonClass({ variant, size, block }, className)} {...rest}>
      <span className="btn__label">{children}</span>
    </Link>
  );
}
