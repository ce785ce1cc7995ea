import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { buttonClass, type ButtonSize, type ButtonVariant } from './button';

interface Styling {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & Styling) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & Styling) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}
